class Solution:
    def lengthOfLongestSubstring(self, s):
        n = len(s)
        longest = 0
        for i in range(n):
            for j in range(i + 1, n + 1):
                sub = s[i:j]
                if len(set(sub)) == len(sub):
                    longest = max(longest, len(sub))
        return longest
