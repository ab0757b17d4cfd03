from functools import reduce
from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        def step(state, item):
            seen, found = state
            if found is not None:
                return state
            i, x = item
            j = seen.get(target - x)
            if j is not None:
                return seen, [j, i]
            seen[x] = i
            return seen, None

        return reduce(step, enumerate(nums), ({}, None))[1]
