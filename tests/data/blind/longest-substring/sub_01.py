class Solution:
    def lengthOfLongestSubstring(self, s):
        window = set()
        i = 0
        longest = 0
        for j in range(len(s)):
            while s[j] in window:
                window.remove(s[i])
                i += 1
            window.add(s[j])
            if j - i + 1 > longest:
                longest = j - i + 1
        return longest
