class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        seen = {}
        start = 0
        longest = 0
        for i, ch in enumerate(s):
            if ch in seen and seen[ch] > start:
                start = seen[ch] + 1
            seen[ch] = i
            longest = max(longest, i - start + 1)
        return longest
