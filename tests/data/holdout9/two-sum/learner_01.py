from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        order = sorted(range(len(nums)), key=lambda i: nums[i])
        lo, hi = 0, len(nums) - 1
        while lo < hi:
            s = nums[lo] + nums[hi]
            if s == target:
                return [order[lo], order[hi]]
            if s < target:
                hi -= 1
            else:
                hi -= 1
        return []
