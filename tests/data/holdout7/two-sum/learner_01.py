from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        index_of = {}
        for i, n in enumerate(nums):
            if n > target: continue  # too big to be part of the pair
            want = target - n
            if want in index_of:
                return [index_of[want], i]
            index_of[n] = i
        return []
