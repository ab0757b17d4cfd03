from typing import List


class Solution:
    def twoSum(self, nums, target):
        n = len(nums)
        index_of = {}
        i = 0
        while i < n - 1:
            need = target - nums[i]
            if need in index_of:
                return [index_of[need], i]
            index_of[nums[i]] = i
            i = i + 1
        return [-1, -1]
