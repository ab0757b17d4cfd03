from typing import List


class Solution:
    def twoSum(self, nums, target):
        pos = {}
        for i, n in enumerate(nums):
            pos[n] = i
            if target - n in pos:
                return [pos[target - n], i]
        return [-1, -1]
