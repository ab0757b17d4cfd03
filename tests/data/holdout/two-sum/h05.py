class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i in range(len(nums) - 1):
            want = target - nums[i]
            if want in seen:
                return [seen[want], i]
            seen[nums[i]] = i
