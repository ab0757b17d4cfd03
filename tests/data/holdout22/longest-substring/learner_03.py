from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        n = len(s)
        last = [-1] * 256
        best = 0
        start = 0
        for i in range(n - 1):
            c = ord(s[i]) & 255
            if last[c] > start:
                start = last[c] + 1
            last[c] = i
            length = i - start + 1
            if length > best:
                best = length
        return best
