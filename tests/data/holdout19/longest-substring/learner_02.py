from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        if s is None:
            raise ValueError("s must be a string")
        lastSeen = {}
        windowStart = 0
        best = 0
        for i, ch in enumerate(s):
            if ch in lastSeen:
                windowStart = lastSeen[ch]
            lastSeen[ch] = i
            if i - windowStart + 1 > best:
                best = i - windowStart + 1
        return best
