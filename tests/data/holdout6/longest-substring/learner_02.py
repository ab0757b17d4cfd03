class Solution:
    def lengthOfLongestSubstring(self, s):
        last_seen = {}
        start = 0
        longest = 0
        for i in range(len(s)):
            c = s[i]
            if c in last_seen:
                start = last_seen[c] + 1
            last_seen[c] = i
            longest = max(longest, i - start + 1)
        return longest
