from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        window = set()
        left = 0
        best = 0
        for right, ch in enumerate(s):
            if ch in window:
                best = max(best, right - left)
                while ch in window:
                    window.remove(s[left])
                    left += 1
            window.add(ch)
        return best
