from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        # MATLAB habit: window s(lo:hi), 1-based; converted to 0-based indices here
        n = len(s)
        last = {}
        lo = 0  # window start, 0-based
        best = 0
        for hi in range(1, n):
            ch = s[hi]
            if ch in last:
                lo = max(lo, last[ch] + 1)
            last[ch] = hi
            width = hi - lo + 1
            if width > best:
                best = width
        return best
