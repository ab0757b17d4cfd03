from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        if s is None:
            return 0
        n = int(len(s))
        if n <= 1:
            return n
        last_seen = {}
        start = 0
        best = 1
        for i in range(n):
            c = s[i]
            prev = last_seen.get(c, -1)
            if prev > start:
                start = prev + 1
            last_seen.setdefault(c, i)
            best = max(best, i - start + 1)
        return int(best)
