from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        index_of = {}
        for i in range(len(nums)):
            complement = target - nums[i]
            if complement in index_of:
                return [index_of[complement], i]
            index_of[nums[i]] = i
        return []
