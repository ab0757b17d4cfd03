class Solution:
    def twoSum(self, nums, target):
        pos = {v: i for i, v in enumerate(nums)}
        for i, v in enumerate(nums):
            j = pos.get(target - v)
            if j is not None:
                return [i, j]
