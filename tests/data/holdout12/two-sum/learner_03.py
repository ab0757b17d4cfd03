from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        seen = {}
        for i, x in enumerate(nums):
            j = seen.get(target - x)
            if j:
                return [j, i]
            seen[x] = i
        return []
