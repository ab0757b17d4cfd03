import itertools
from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        last_seen = {}
        best = 0
        left = 0
        for right, ch in zip(itertools.count(), s):
            if last_seen.get(ch, -1) > left:
                left = last_seen[ch] + 1
            last_seen.setdefault(ch, right)
            best = max(best, right - left + 1)
        return best
