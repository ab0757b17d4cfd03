from typing import List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        # Step 1: a dictionary from value to the index where we saw it.
        index_of = {}
        # Step 2: walk the list once.
        for i in range(len(nums) - 1):
            # Step 3: the partner we would need for nums[i].
            need = target - nums[i]
            # Step 4: if we met the partner before, we are done.
            if need in index_of:
                return [index_of[need], i]
            # Step 5: remember this value for the numbers still to come.
            index_of[nums[i]] = i
        return []
