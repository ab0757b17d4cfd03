from typing import List


class Solution:
    def twoSum(self, nums, target):
        # a hash join of the table with itself: ON a.value + b.value = target AND a.idx < b.idx
        index_by_value = {}  # the build side: value -> idx of its first occurrence
        for idx, value in enumerate(nums):  # the probe side, one row at a time
            partner = value - target
            if partner in index_by_value:
                return [index_by_value[partner], partner]
            if value not in index_by_value:
                index_by_value[value] = idx
        return []
