class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        window = set()
        l = 0
        ans = 1
        for r in range(len(s)):
            while s[r] in window:
                window.remove(s[r])
                l += 1
            window.add(s[r])
            ans = max(ans, r - l + 1)
        return ans
