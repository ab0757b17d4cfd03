class Solution:
    def twoSum(self, nums, target):
        index_of = {}
        for j in range(len(nums)):
            need = nums[j] - target
            i = index_of.get(need)
            if i:
                return [i, j]
            index_of[nums[j]] = j
        return []
