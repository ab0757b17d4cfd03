class Solution:
    def lengthOfLongestSubstring(self, s):
        last_seen = {}
        l = 0
        best = 0
        for r in range(len(s)):
            if s[r] in last_seen:
                l = last_seen[s[r]] + 1
            last_seen[s[r]] = r
            best = max(best, r - l)
        return best
