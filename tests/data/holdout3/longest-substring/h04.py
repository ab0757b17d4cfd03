from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        chars = set()
        start = 0
        best = 0
        for i, c in enumerate(s):
            if c in chars:
                chars = set()
                start = i
            chars.add(c)
            best = max(best, i - start + 1)
        return best
