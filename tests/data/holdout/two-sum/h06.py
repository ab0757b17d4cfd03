class Solution:
    def twoSum(self, nums, target):
        arr = sorted(nums)
        l, r = 0, len(arr) - 1
        while l < r:
            total = arr[l] + arr[r]
            if total == target:
                return [l, r]
            elif total < target:
                l += 1
            else:
                r -= 1
