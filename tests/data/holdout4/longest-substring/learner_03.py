from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        last_seen = {}
        start = 0
        longest = 0
        for i, ch in enumerate(s):
            if ch in last_seen:
                start = max(start, last_seen[ch])
            last_seen[ch] = i
            longest = max(longest, i - start + 1)
        return longest
