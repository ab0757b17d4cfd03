class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        best = 0
        current = ""
        for ch in s:
            if ch in current:
                current = ch
            else:
                current += ch
            best = max(best, len(current))
        return best
