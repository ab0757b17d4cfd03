class Solution:
    def twoSum(self, nums, target):
        index = {v: i for i, v in enumerate(nums)}
        for i in range(len(nums)):
            need = nums[i] - target
            if need in index:
                return [i, index[need]]
