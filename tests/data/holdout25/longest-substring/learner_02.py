from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        # running scan: start <- max-scan of (1 + previous index of each char);  answer <- max/ (i - start + 1)
        prev = {}
        start = 0
        widths = [0]
        for i, ch in enumerate(s):
            start = max(start, prev.get(ch, -1))
            prev.setdefault(ch, i)
            widths.append(i - start + 1)
        return max(widths)
