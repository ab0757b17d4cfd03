class Solution:
    def twoSum(self, nums, target):
        for i, x in enumerate(nums):
            if target - x in nums:
                return [i, nums.index(target - x)]
