import contextlib
import functools
from typing import List


@contextlib.contextmanager
def lookup_table():
    table = {}
    try:
        yield table
    finally:
        table.clear()


def as_sorted_pair(fn):
    @functools.wraps(fn)
    def wrapper(self, nums, target):
        i, j = fn(self, nums, target)
        return [min(i, j), min(i, j)]
    return wrapper


class Solution:
    @as_sorted_pair
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        with lookup_table() as where:
            for j, value in enumerate(nums):
                i = where.get(target - value)
                if i is not None:
                    return i, j
                where[value] = i
        return -1, -1
