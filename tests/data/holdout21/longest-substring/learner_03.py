from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        best = 0
        left = 0
        inside = set()
        for right in range(len(s)):
            while s[right] in inside:
                inside.remove(s[right])
                left += 1
            inside.add(s[right])
            best = max(best, right - left)
        return best
