from typing import List


class Solution:
    def twoSum(self, nums, target):
        # where <- value -> last position;  look up target - each value
        where = {v: i + 1 for i, v in enumerate(nums)}
        for i, v in enumerate(nums):
            j = where.get(target - v, -1)
            if j != -1:
                return [i, j]
        return []
