from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        pos = {}
        left = 0
        ans = 0
        for right in range(len(s)):
            c = s[right]
            if c in pos:
                left = pos[c] + 1
            pos[c] = right
            ans = max(ans, right - left + 1)
        return ans
