from typing import List


class Solution:
    def twoSum(self, nums, target):
        index = {}
        for i, n in enumerate(nums):
            index[n] = i
        for i, n in enumerate(nums):
            j = index.get(target - n)
            if j is not None:
                return [i, j]
        return []
