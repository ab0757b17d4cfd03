from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        assert isinstance(s, str), "expected a str"
        last_seen = {}
        window_start = 0
        best = 0
        for i, ch in enumerate(s):
            match last_seen.get(ch):
                case None:
                    pass
                case j if j >= window_start:
                    window_start = j
                case _:
                    pass
            last_seen.setdefault(ch, i)
            best = max(best, i - window_start + 1)
        assert 0 <= best <= len(s), "window longer than the string"
        return best
