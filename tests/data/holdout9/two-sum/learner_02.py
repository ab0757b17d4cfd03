from typing import List


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i, x in enumerate(nums):
            need = target - x
            if seen.get(need):
                return [seen[need], i]
            seen[x] = i
        return []
