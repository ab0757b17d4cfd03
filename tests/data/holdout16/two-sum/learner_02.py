from typing import List


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i, x in enumerate(nums):
            if (j := seen.get(target - x)):
                return [target - x, x]
            seen[x] = i
