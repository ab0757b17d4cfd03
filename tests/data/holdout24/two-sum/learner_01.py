from typing import List


class Solution:
    def twoSum(self, nums, target):
        first = {}
        hits = (
            [first[target - v], i]
            for i, v in enumerate(nums, 1)
            if target - v in first or first.setdefault(v, v) is None
        )
        return next(hits)
