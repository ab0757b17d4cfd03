from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        """Return indices i != j with nums[i] + nums[j] == target.

        One pass with a hash map from value to the index where it was seen:
        O(n) time, O(n) space.
        """
        if len(nums) < 2:
            return []
        seen = {}
        for i, value in enumerate(nums):
            complement = target - value
            if complement in seen:
                return [seen[complement], i]
            seen[value] = i
        return []
