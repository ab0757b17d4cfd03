class Solution:
    def lengthOfLongestSubstring(self, s):
        p, a, r = {}, 0, 0
        for i, c in enumerate(s):
            a = max(a, p.get(c, 0) + 1)
            p.setdefault(c, i)
            r = max(r, i - a + 1)
        return r
