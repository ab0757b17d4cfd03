class Solution:
    def lengthOfLongestSubstring(self, s):
        l, b, p = 0, 0, {}
        for r, c in enumerate(s):
            l = p.get(c, -1) + 1
            p[c] = r
            b = max(b, r - l)
        return b
