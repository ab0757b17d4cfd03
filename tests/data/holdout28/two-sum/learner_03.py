from typing import List


class Solution:
    def twoSum(self, nums, target):
        order = sorted(range(len(nums)), key=nums.__getitem__)
        lo, hi = 0, len(order) - 2
        while lo < hi:
            total = nums[order[lo]] + nums[order[hi]]
            if total == target:
                return sorted((lo, hi))
            if total < target:
                lo += 1
            else:
                hi -= 1
        return []
