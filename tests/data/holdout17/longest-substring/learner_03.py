class Solution:
    def lengthOfLongestSubstring(self, s):
        last = {}
        lo = best = 0
        for i, c in enumerate(s):
            if c in last:
                lo = last[c] + 1
            last[c] = i
            if i - lo + 1 > best:
                best = i - lo + 1
        return best
