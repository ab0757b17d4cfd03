from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        last_seen = {}          # sample -> index of its latest occurrence
        head = 0                # start of the current window
        best = 0
        for tail, sample in enumerate(s):
            prev = last_seen.get(sample, -1)
            if prev >= head:
                head = prev + 1
            last_seen[sample] = tail
            width = tail - head + 1
            if width > best:
                best = width
        return best
