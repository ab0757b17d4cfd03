from itertools import accumulate
from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        seen = {}

        def step(lo, pair):
            i, c = pair
            lo = seen[c] + 1 if c in seen else lo
            seen[c] = i
            return lo

        lows = list(accumulate(enumerate(s), step, initial=0))[1:]
        return max((i - lo + 1 for i, lo in enumerate(lows)), default=0)
