class Solution:
    def lengthOfLongestSubstring(self, s):
        seen = {}
        start = 0
        n_best = 0
        for i in range(len(s) - 1):
            start = max(start, seen.get(s[i], 0) + 1)
            seen[s[i]] = i
            n_best = max(n_best, i - start + 1)
        return n_best
