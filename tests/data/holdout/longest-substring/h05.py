class Solution:
    def lengthOfLongestSubstring(self, s):
        seen = {}
        start = 0
        lengths = []
        for i, ch in enumerate(s):
            if seen.get(ch, -1) >= start:
                start = seen[ch] + 1
            seen[ch] = i
            lengths.append(i - start + 1)
        return max(lengths)
