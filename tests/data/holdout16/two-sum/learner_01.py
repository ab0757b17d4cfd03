from typing import List


class Solution:
    def __init__(self):
        self.index_of = {}

    def _build(self, nums):
        self.index_of = {value: position for position, value in enumerate(nums)}

    def twoSum(self, nums, target):
        self._build(nums)
        for i, value in enumerate(nums):
            j = self.index_of.get(target - value)
            if j is not None:
                return [i, j]
        return []
