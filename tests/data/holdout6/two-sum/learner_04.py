from typing import List


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i in range(1, len(nums)):
            want = target - nums[i]
            if want in seen:
                return [want, nums[i]]
            seen[nums[i]] = i
        return None
