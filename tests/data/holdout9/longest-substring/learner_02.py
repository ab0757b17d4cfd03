from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        pos = {}
        start = 0
        longest = 0
        for i in range(len(s)):
            c = s[i]
            if pos.get(c):
                start = max(start, pos[c] + 1)
            pos[c] = i
            longest = max(longest, i - start + 1)
        return longest
