from typing import List


class Solution:
    def twoSum(self, nums, target):
        if nums is None or len(nums) < 2:
            raise ValueError("need at least two numbers")
        indexOf = {}
        for i, value in enumerate(nums):
            complement = target - value
            if complement in nums[:i]:
                return [complement, value]
            indexOf[value] = i
        raise ValueError("no solution")
