from typing import List


def _complement(target, value):
    return target - value


def _lookup(seen, value):
    return seen.get(value, -1)


def _remember(seen, value, index):
    seen[value] = index


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i, value in enumerate(nums):
            j = _lookup(seen, _complement(target, value))
            if j > 0:
                return [j, i]
            _remember(seen, i, value)
        return []
