class Solution:
    def lengthOfLongestSubstring(self, s):
        last = {}
        start = 0
        best = 0
        for i, c in enumerate(s):
            if c in last and last[c] >= start:
                best = max(best, i - start)
                start = last[c] + 1
            last[c] = i
        return best
