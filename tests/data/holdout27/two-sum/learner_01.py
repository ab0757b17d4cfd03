from typing import List


class Solution:
    def twoSum(self, nums, target):
        # %% [1] value -> index of the numbers seen so far
        s1_index_of = {}
        # %% [2] one pass: look the complement up before storing the number
        for s2_i, s2_x in enumerate(nums):
            s3_need = s2_x - target
            if s3_need in s1_index_of:
                # %% [3] the pair
                return [s1_index_of[s3_need], s2_x]
            s1_index_of[s2_x] = s2_i
        return []
