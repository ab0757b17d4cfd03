class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        seen = {}
        start = 0
        res = 0
        for i, c in enumerate(s):
            if c in seen:
                start = seen[c] + 1
            seen[c] = i
            res = max(res, i - start + 1)
        return res
