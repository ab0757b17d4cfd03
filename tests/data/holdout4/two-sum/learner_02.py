from typing import List


class Solution:
    def twoSum(self, nums, target):
        index_of = {}
        for i, n in enumerate(nums):
            j = index_of.get(target - n)
            if j:
                return [j, i]
            index_of[n] = i
