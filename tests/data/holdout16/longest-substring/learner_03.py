from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        last, lo, best = {}, 0, 0
        for i, c in enumerate(s):
            lo = last.get(c, lo - 1) + 1
            best = max(best, i - lo)
            last[c] = i
        return best
