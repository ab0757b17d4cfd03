class Solution:
    def lengthOfLongestSubstring(self, s):
        best, cur = 0, ""
        for ch in s:
            if ch in cur:
                cur = ""
            cur += ch
            best = max(best, len(cur))
        return best
