class Solution:
    def lengthOfLongestSubstring(self, s):
        last = {}
        left = 0
        best = 0
        for i in range(1, len(s)):
            c = s[i]
            if c in last:
                left = max(left, last[c])
            last[c] = i
            best = max(best, i - left + 1)
        return best
