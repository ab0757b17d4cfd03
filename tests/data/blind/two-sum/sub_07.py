class Solution:
    def twoSum(self, nums, target):
        index_of = {}
        for i, n in enumerate(nums):
            index_of[n] = i
            if target - n in index_of:
                return [index_of[target - n], i]
