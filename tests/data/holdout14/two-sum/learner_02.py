class Solution:
    def twoSum(self, nums, target):
        index = {v: i for i, v in enumerate(nums)}
        for i, v in enumerate(nums, 1):
            j = index.get(target - v)
            if j is not None:
                return [i, j]
