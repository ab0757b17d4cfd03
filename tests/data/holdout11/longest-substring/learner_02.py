class Solution:
    def lengthOfLongestSubstring(self, s):
        window = set()
        i = 0
        longest = 0
        for j in range(len(s)):
            if s[j] in window:
                window.remove(s[i])
                i += 1
            window.add(s[j])
            longest = max(longest, j - i)
        return longest
