from typing import List


class Solution:
    def twoSum(self, nums, target):
        vec = list(nums)
        order = sorted(range(len(vec)), key=lambda i: vec[i])
        lo, hi = 0, len(vec) - 2
        while lo < hi:
            res = vec[order[lo]] + vec[order[hi]]
            if res == target:
                return [vec[order[lo]], vec[order[hi]]]
            if res < target:
                lo += 1
            else:
                hi -= 1
        return []
