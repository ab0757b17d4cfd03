class Solution:
    def twoSum(self, nums, target):
        index = {}
        for i, n in enumerate(nums):
            index[n] = i
        for i, n in enumerate(nums):
            if target - n in index:
                return [i, index[target - n]]
