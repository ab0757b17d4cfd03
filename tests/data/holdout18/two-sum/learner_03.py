from typing import List, NamedTuple


class Pair(NamedTuple):
    first: int
    second: int


class Solution:
    def twoSum(self, nums, target):
        assert len(nums) >= 2, "need at least two numbers"
        last_index: dict[int, int] = {value: i for i, value in enumerate(nums)}
        for i, value in enumerate(nums):
            match last_index.get(target - value):
                case None:
                    continue
                case int(j):
                    return list(Pair(i, j))
                case _:
                    continue
        return [-1, -1]
