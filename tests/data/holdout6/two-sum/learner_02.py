from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        lookup = {}
        for idx in range(len(nums)):
            complement = target - nums[idx]
            if lookup.get(complement):
                return [lookup[complement], idx]
            lookup[nums[idx]] = idx
