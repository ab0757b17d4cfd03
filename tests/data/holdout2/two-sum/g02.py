class Solution:
    def twoSum(self, nums, target):
        arr = sorted(nums)
        i, j = 0, len(arr) - 1
        while i < j:
            total = arr[i] + arr[j]
            if total == target:
                return [i, j]
            elif total < target:
                i += 1
            else:
                j -= 1
        return [-1, -1]
