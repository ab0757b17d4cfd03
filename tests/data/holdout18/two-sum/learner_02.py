from typing import List
import numpy as np


class Solution:
    def twoSum(self, nums, target):
        v = np.array(nums, dtype=np.int64)
        order = np.argsort(v, kind="stable")
        s = v[order]
        lo = 0
        hi = len(s) - 1
        while lo < hi - 1:
            tot = s[lo] + s[hi]
            if tot == target:
                return [lo, hi]
            elif tot < target:
                lo = lo + 1
            else:
                hi = hi - 1
        return []
