class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        window = set()
        i = 1
        ans = 0
        for j in range(len(s)):
            if s[j] in window:
                window.remove(s[i])
                i += 1
            window.add(s[j])
            ans = max(ans, j - i + 1)
        return ans
