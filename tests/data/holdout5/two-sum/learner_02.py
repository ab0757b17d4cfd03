class Solution:
    def twoSum(self, nums, target):
        pos = {}
        for j, n in enumerate(nums):
            comp = target - n
            if pos.get(comp):
                return [pos[comp], j]
            pos[n] = j
