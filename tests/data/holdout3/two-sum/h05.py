from typing import List


class Solution:
    def twoSum(self, nums, target):
        for i, x in enumerate(nums):
            rest = nums[i + 1:]
            if target - x in rest:
                return [i, i + 1 + rest.index(target - x)]
        return []
