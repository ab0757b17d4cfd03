class Solution:
    def lengthOfLongestSubstring(self, s):
        last = {}
        left = 0
        best = 0
        for right, ch in enumerate(s):
            if ch in last:
                left = last[ch] + 1
            last[ch] = right
            best = max(best, right - left)
        return best
