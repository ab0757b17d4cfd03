from functools import reduce


class Solution:
    def lengthOfLongestSubstring(self, s):
        last = {}

        def step(acc, item):
            start, best = acc
            i, ch = item
            start = max(start, last.get(ch, -1) + 1)
            last[ch] = i
            return (start, max(best, i - start + 1))

        return reduce(step, enumerate(s), (0, 1))[1]
