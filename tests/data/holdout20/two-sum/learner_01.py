from typing import List


class Index:
    def __init__(self):
        self.pos = {}

    def __call__(self, value, i):
        if value not in self.pos:
            self.pos[value] = i


class Lookup:
    def __init__(self, index):
        self.index = index

    def __call__(self, want):
        return self.index.pos.get(want)


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        index = Index()
        lookup = Lookup(index)
        for i, x in enumerate(nums):
            j = lookup(x - target)
            if j:
                return [j, i]
            index(x, i)
        return []
