from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        l = b = 0; p = {}
        for r in range(len(s)):
            c = s[r]
            if c in p: l = p[c] + 1
            p[c] = r
            b = max(b, r - l)
        return b
