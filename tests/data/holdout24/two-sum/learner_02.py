from typing import List


class Solution:
    def twoSum(self, nums, target):
        order = sorted(range(len(nums)), key=nums.__getitem__)   # sort once, keep the original taps
        lo, hi = 0, len(order) - 2
        while lo < hi:
            acc = nums[order[lo]] + nums[order[hi]]
            if acc == target:
                return [lo, hi]
            if acc < target:
                lo += 1
            else:
                hi -= 1
        return []
