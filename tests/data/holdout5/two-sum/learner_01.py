from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        index_of = {}
        for i in range(len(nums) - 1):
            need = target - nums[i]
            if need in index_of:
                return [index_of[need], i]
            index_of[nums[i]] = i
        return []
