from typing import List


class Solution:
    def twoSum(self, nums, target):
        # map each value seen so far to its index
        seen = {}
        for idx, value in enumerate(nums):
            # the partner that would complete the pair
            need = target - value
            # if we met the partner earlier, we are done
            if need in seen:
                return [seen[need], idx]
            # remember this value for later elements
            seen[value] = idx
        return []
