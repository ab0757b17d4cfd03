from typing import List


class Solution:
    def twoSum(self, nums, target):
        lookup = {}
        for idx in range(1, len(nums)):
            val = nums[idx]
            other = target - val
            if other in lookup:
                return [other, val]
            lookup[val] = idx
        return []
