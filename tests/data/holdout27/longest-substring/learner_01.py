from typing import List

NOT_SEEN = -1


class Solution:
    def lengthOfLongestSubstring(self, s):
        n = len(s)
        if n == 0:
            return 0
        codes = [ord(c) for c in s]
        last = [NOT_SEEN] * (max(codes) + 1)
        lo = 0
        best = 0
        for hi in range(n):
            c = codes[hi]
            if last[c] != NOT_SEEN:
                lo = last[c] + 1
            last[c] = hi
            if hi - lo + 1 > best:
                best = hi - lo
        return best
