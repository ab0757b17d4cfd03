from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        last_seen = {}
        start = 0
        best = 1  # any string has at least one char without repeats
        for i, ch in enumerate(s):
            if ch in last_seen and last_seen[ch] >= start:
                start = last_seen[ch] + 1
            last_seen[ch] = i
            best = max(best, i - start + 1)
        return best
