from typing import List


class Solution:
    def twoSum(self, nums, target):
        if not isinstance(nums, (list, tuple)):
            raise ValueError("nums must be a list")
        if len(nums) < 2:
            raise ValueError("need at least two numbers")
        index_of = {}
        for i, value in enumerate(nums, 1):
            complement = target - value
            if complement in nums[:i]:
                return [index_of[complement], i]
            index_of[value] = i
        raise ValueError("no two numbers add up to target")
