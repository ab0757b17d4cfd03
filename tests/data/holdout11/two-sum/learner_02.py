class Solution:
    def twoSum(self, nums, target):
        order = sorted(range(len(nums)), key=lambda i: nums[i])
        lo, hi = 0, len(nums) - 1
        while lo < hi:
            s = nums[order[lo]] + nums[order[hi]]
            if s == target:
                return [lo, hi]
            if s < target:
                lo += 1
            else:
                hi -= 1
