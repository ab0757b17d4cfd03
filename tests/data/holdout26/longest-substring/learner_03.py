from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        # a sliding viewport [left, right]; last_seen is a spatial hash of where each char was last drawn
        last_seen = {}
        left = 0
        best = 0
        for right, ch in enumerate(s):
            prev = last_seen.get(ch, -1)
            if prev >= left:
                left = prev + 1
            last_seen[ch] = right
            width = right - left + 1
            if width > best:
                best = width
        return best
