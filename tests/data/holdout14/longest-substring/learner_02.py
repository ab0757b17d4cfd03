class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        seen = {}
        lo = ans = 0
        for hi, c in enumerate(s):
            if c in seen:
                lo = seen[c] + 1
            seen.setdefault(c, hi)
            ans = max(ans, hi - lo + 1)
        return ans
