from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        """Sliding window over s; last_seen maps a character to its latest index.

        Edge cases first: the empty string has length 0.
        """
        if not s:
            return 0
        last_seen = {}
        best = 0
        left = 0
        for right, ch in enumerate(s):
            if ch in last_seen:
                left = last_seen[ch] + 1
            last_seen[ch] = right
            best = max(best, right - left)
        return best
