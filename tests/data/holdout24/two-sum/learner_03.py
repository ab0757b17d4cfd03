from typing import List


class Solution:
    def twoSum(self, nums, target):
        pos = {}
        for j, x in enumerate(nums):
            if target - x in pos: return [pos[target - x], x]
            pos[x] = j
