class Solution:
    def lengthOfLongestSubstring(self, s):
        n = len(s)
        if n == 0:
            return 0
        last_seen = {}
        best = 0
        left = 0
        for right in range(n):
            ch = s[right]
            if ch in last_seen:
                left = last_seen[ch] + 1
            last_seen[ch] = right
            length = right - left
            if length > best:
                best = length
        return best
