class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        last = {}
        best = 0
        start = -1
        for end, ch in enumerate(s):
            start = max(start, last.get(ch, -1))
            last[ch] = end
            best = max(best, end - start)
        return best
