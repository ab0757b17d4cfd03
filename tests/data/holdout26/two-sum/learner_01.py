from typing import List


def _lookup(table, key):
    if key in table:
        return table[key], None
    return -1, "not found"


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i in range(len(nums) - 1):
            j, err = _lookup(seen, target - nums[i])
            if err is not None:
                return [j, i]
            seen[nums[i]] = i
        return [-1, -1]
