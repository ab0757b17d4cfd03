from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        # value -> index of where we saw it
        seen = {}
        for i, x in enumerate(nums):
            need = target - x
            if need in seen:
                return [seen[need], i]
            seen[x] = i
        return []
