from typing import List


class Solution:
    def twoSum(self, nums, target):
        # column A = nums, column B = target - A, lookup = MATCH(B, the A values seen so far)
        lookup = {}
        for row in range(len(nums)):
            a = nums[row]
            b = a - target
            if b in lookup:
                return [lookup[b], a]
            lookup[a] = row
        return []
