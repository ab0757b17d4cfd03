class Solution:
    def lengthOfLongestSubstring(self, s):
        window = set()
        lo = 0
        best = 0
        for hi in range(len(s)):
            while s[hi] in window:
                window.remove(s[lo])
                lo += 1
            window.add(s[hi])
            best = max(best, hi - lo)
        return best
