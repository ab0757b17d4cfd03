class Solution:
    def twoSum(self, nums, target):
        order = sorted(range(len(nums)), key=lambda i: nums[i])
        lo, hi = 0, len(nums) - 1
        while lo < hi:
            total = nums[order[lo]] + nums[order[hi]]
            if total == target:
                return [lo, hi]
            if total > target:
                lo += 1
            else:
                hi -= 1
        return []
