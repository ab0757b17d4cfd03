class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        pos = dict()
        lo = ans = 0
        for hi in range(len(s)):
            ch = s[hi]
            if ch in pos and pos[ch] > lo:
                lo = pos[ch] + 1
            pos[ch] = hi
            ans = max(ans, hi - lo + 1)
        return ans
