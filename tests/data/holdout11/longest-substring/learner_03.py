class Solution:
    def lengthOfLongestSubstring(self, s):
        pos = {}
        start = 0
        ans = 0
        for i, c in enumerate(s):
            if pos.get(c):
                start = max(start, pos[c] + 1)
            pos[c] = i
            ans = max(ans, i - start + 1)
        return ans
