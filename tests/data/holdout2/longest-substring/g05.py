from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        seen = {}
        start = 0
        best = 0
        for i, c in enumerate(s):
            if c in seen and seen[c] >= start:
                start = i
            seen[c] = i
            best = max(best, i - start + 1)
        return best
