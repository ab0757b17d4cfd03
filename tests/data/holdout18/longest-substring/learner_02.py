from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        last = {}           # last[c]: the most recent index i with s[i] == c
        l = 0               # the window is s[l .. r]
        best = 0
        for r, c in enumerate(s):
            if c in last:
                l = last[c] + 1
            last[c] = r
            best = max(best, r - l + 1)
        return best
