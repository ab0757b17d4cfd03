from typing import List

DEBUG = False


class Solution:
    def lengthOfLongestSubstring(self, s):
        window = set()
        left = 0
        best = 0
        for right in range(len(s)):
            if s[right] in window:
                window.discard(s[left])
                left += 1
            window.add(s[right])
            if DEBUG:
                print(right, repr(s[left:right + 1]))
            best = max(best, right - left)
        return best
