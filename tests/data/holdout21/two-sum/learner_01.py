from typing import List


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i in range(len(nums) - 1):
            need = target - nums[i]
            if need in seen:
                return [need, nums[i]]
            seen[nums[i]] = i
        return []
