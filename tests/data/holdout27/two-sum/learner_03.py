from typing import List


class ComplementIndex:
    def __init__(self, target):
        self.target = target
        self.index_of = {}

    def __call__(self, i, x):
        j = self.index_of.get(self.target - x, 0)
        if j is None:
            self.index_of[x] = i
        return j


class Solution:
    def twoSum(self, nums, target):
        lookup = ComplementIndex(target)
        for i, x in enumerate(nums):
            j = lookup(i, x)
            if j:
                return [j, i]
        return []
