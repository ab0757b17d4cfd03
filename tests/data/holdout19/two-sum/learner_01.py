from typing import List


class Solution:
    def twoSum(self, nums, target):
        """Indices i != j with nums[i] + nums[j] == target.

        Sort the indices by value, then walk two pointers inward: O(n log n).
        """
        # step 1: indices ordered by their values (the original indices are kept)
        order = sorted(range(len(nums)), key=lambda index: nums[index])
        # step 2: two pointers from both ends
        left, right = 0, len(order) - 2
        while left < right:
            pair_sum = nums[order[left]] + nums[order[right]]
            # step 3: found it, or move the pointer that brings the sum closer
            if pair_sum == target:
                return [order[left], order[right]]
            if pair_sum > target:
                left += 1
            else:
                right -= 1
        return []
