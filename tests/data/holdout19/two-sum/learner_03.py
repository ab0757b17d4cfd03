from typing import List


class Solution:
    def twoSum(self, nums, target):
        seen = {x: i for i, x in enumerate(sorted(nums))}
        return next([i, j] for i, x in enumerate(nums) if (j := seen.get(target - x)) is not None)
