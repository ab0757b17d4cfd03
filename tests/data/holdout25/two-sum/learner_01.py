from typing import List


def _complement_index(seen, value, target):
    """index of an earlier number that pairs with value, or None."""
    return seen.get(target - value)


assert _complement_index({2: 0}, 7, 9) == 0
assert _complement_index({}, 7, 9) is None


class Solution:
    def twoSum(self, nums, target):
        seen = {}
        for i, value in enumerate(nums):
            j = _complement_index(seen, value, target)
            if j is not None:
                return [j, i]
            seen[value] = i
        return []
