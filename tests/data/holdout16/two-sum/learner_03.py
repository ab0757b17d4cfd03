from typing import List


class Solution:
    def twoSum(self, nums, target):
        if nums is None or len(nums) < 2:
            return []
        order = sorted(range(len(nums)), key=lambda idx: nums[idx])
        lo, hi = 0, len(order) - 1
        while lo < hi:
            total = nums[order[lo]] + nums[order[hi]]
            if total == target:
                return [lo, hi]
            if total > target:
                lo += 1
            else:
                hi -= 1
        return []
