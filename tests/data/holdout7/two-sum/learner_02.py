from typing import List


class Solution:
    def twoSum(self, nums, target):
        pos = {x: i for i, x in enumerate(nums)}  # value -> (last) index
        for i, x in enumerate(nums):
            j = pos.get(target - x)
            if j is not None:
                return [i + 1, j + 1]
        return []
