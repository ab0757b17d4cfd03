from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        n = len(s)
        last = {}                       # last 1-based position of each character; 0 = never seen
        best = 0
        start = 1                       # the window is s(start..i), 1-based as in Fortran
        for i in range(1, n):
            c = s[i - 1]
            p = last.get(c, 0)
            if p >= start:
                start = p
            last[c] = i
            if i - start + 1 > best:
                best = i - start + 1
        return best
