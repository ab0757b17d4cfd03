from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        pos = {}
        l = 0
        best = 0
        for r, c in enumerate(s):
            if c in pos:
                best = max(best, r - l)  # window [l, r) ends here
                l = pos[c] + 1
            pos[c] = r
        return best
