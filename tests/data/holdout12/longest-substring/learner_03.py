from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        seen = {}
        start = longest = 0
        for idx, c in enumerate(s):
            prev = seen.get(c)
            if prev and prev >= start:
                start = prev
            seen[c] = idx
            longest = max(longest, idx - start + 1)
        return longest
