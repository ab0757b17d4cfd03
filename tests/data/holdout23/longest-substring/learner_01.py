from functools import reduce
from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        def step(state, item):
            last, left, best = state
            i, ch = item
            if ch in last:
                left = last[ch] + 1
            last[ch] = i
            return last, left, max(best, i - left + 1)

        return reduce(step, enumerate(s), ({}, 0, 0))[2]
