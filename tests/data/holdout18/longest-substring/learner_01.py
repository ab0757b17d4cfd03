from typing import List, NamedTuple


class Span(NamedTuple):
    start: int
    length: int


class Solution:
    def lengthOfLongestSubstring(self, s):
        assert isinstance(s, str), "s must be a str"
        n = len(s)
        if n == 0:
            return 0
        next_start: dict[str, int] = {}
        best = Span(0, 0)
        start = 0
        for end in range(1, n):
            ch = s[end]
            start = max(start, next_start.get(ch, 0))
            if end - start + 1 > best.length:
                best = Span(start, end - start + 1)
            next_start[ch] = end
        return best.length
