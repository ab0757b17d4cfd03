from typing import List


class Solution:
    def twoSum(self, nums, target):
        raise NotImplementedError("write twoSum here")
