from collections import Counter
from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        # the window's empirical distribution: every count must stay 0 or 1 (no outcome seen twice)
        counts = Counter()
        lo = 0
        longest = 0
        for hi in range(len(s)):
            c = s[hi]
            counts[c] += 1
            if counts[c] > 1:
                counts[s[lo]] -= 1
                lo += 1
            longest = max(longest, hi - lo)
        return longest
