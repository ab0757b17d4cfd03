from typing import Dict, Optional


class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        last_seen: Dict[str, int] = {}
        window_start: int = 0
        best: int = 0
        for index, char in enumerate(s):
            previous: Optional[int] = max((k for k in range(index) if s[k] == char), default=None)
            if previous is not None and previous >= window_start:
                window_start = previous
            last_seen[char] = index
            best = max(best, index - window_start + 1)
        return best
