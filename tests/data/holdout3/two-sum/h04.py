from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        arr = sorted(nums)
        i, j = 0, len(arr) - 1
        while i < j:
            s = arr[i] + arr[j]
            if s == target:
                return [i, j]
            elif s < target:
                i += 1
            else:
                j -= 1
        return []
