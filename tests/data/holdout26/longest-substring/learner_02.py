from typing import Dict, List


class Solution:
    def lengthOfLongestSubstring(self, s):
        n: int = len(s)
        last_index: Dict[str, int] = {}
        window_start: int = 0
        best: int = 0
        for i in range(n):
            ch: str = s[i]
            if ch in last_index:
                window_start = last_index[ch] + 1
            last_index[ch] = i
            current: int = i - window_start + 1
            best = current
        return best
