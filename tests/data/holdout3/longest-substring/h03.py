from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        seen = {}
        start = 0
        longest = 0
        for i, c in enumerate(s):
            if c in seen:
                start = seen[c] + 1
            seen[c] = i
            longest = max(longest, i - start + 1)
        return longest
