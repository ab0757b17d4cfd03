from typing import List


class Solution:
    def twoSum(self, nums, target):
        d = {}
        i = 0
        n = len(nums)
        while i < n - 1:
            x = nums[i]
            if target - x in d:
                return [d[target - x], x]
            d[x] = i
            i += 1
        return []
