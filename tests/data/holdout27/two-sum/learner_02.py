from functools import reduce
from typing import List


class Solution:
    def twoSum(self, nums, target):
        def step(state, item):
            seen, found = state
            if found is not None:
                return state
            i, value = item
            j = seen.get(target - value)
            if j is not None:
                return seen, [j, i]
            seen[value] = i
            return seen, None

        _, answer = reduce(step, enumerate(nums), ({}, None))
        return answer
