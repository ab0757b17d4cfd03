class Solution:
    def twoSum(self, nums, target):
        index_of = {}
        for j in range(1, len(nums)):
            complement = target - nums[j]
            if complement in index_of:
                return [index_of[complement], j]
            index_of[nums[j]] = j
