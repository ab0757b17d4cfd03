from typing import List


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i, x in enumerate(nums):
            j = seen.get(target - x)
            if j is not None: return [j, i]
            seen[x] = i
        return []
