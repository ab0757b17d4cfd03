class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        window = set()
        lo = 0
        longest = 0
        for hi in range(len(s)):
            while s[hi] in window:
                window.remove(s[hi])
                lo += 1
            window.add(s[hi])
            longest = max(longest, hi - lo + 1)
        return longest
