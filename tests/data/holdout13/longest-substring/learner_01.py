class Solution:
    def lengthOfLongestSubstring(self, s):
        pos = {}
        start = 0
        longest = 0
        for i, c in enumerate(s):
            prev = pos.get(c, -1)
            if prev > start:
                start = prev
            pos[c] = i
            if i - start > longest:
                longest = i - start
        return longest
