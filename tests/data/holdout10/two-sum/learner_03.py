class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i in range(len(nums)):
            if seen.get(target - nums[i]):
                return [seen[target - nums[i]], i]
            seen[nums[i]] = i
