from typing import List


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i, x in enumerate(nums):
            if seen.get(target - x):
                return [seen[target - x], x]
            seen[x] = i
        return []
