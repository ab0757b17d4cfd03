from functools import reduce
from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        def step(state, item):
            seen, found = state
            i, x = item
            if found is None and target - x in seen:
                return seen, [seen[target - x], i]
            if found is None:
                seen[x] = i
            return seen, found

        _, pair = reduce(step, enumerate(nums, 1), ({}, None))
        return pair
