from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        indexed_numbers = []
        for original_index in range(len(nums)):
            indexed_numbers.append((nums[original_index], original_index))
        indexed_numbers.sort()
        left_pointer = 0
        right_pointer = len(indexed_numbers) - 1
        while left_pointer < right_pointer:
            current_sum = indexed_numbers[left_pointer][0] + indexed_numbers[right_pointer][0]
            if current_sum == target:
                return [left_pointer, right_pointer]
            elif current_sum > target:
                left_pointer += 1
            else:
                right_pointer -= 1
        return []
