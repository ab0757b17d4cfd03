from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        seen = {}
        left = 0
        lengths = []
        for right, ch in enumerate(s):
            j = seen.get(ch)
            if j and j >= left:
                left = j + 1
            seen[ch] = right
            lengths.append(right - left + 1)
        return max(lengths)
