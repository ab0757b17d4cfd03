from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        seen, lo, best = {}, 0, 0
        for i, c in enumerate(s):
            lo = max(lo, seen.get(c, 0) + 1)
            seen[c], best = i, max(best, i - lo)
        return best
