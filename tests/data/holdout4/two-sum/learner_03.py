from typing import List


class Solution:
    def twoSum(self, nums, target):
        where = {v: i for i, v in enumerate(nums)}
        for i, v in enumerate(nums):
            rest = target - v
            if rest in where:
                return [i, where[rest]]
