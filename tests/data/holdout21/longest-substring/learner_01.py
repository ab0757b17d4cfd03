from dataclasses import dataclass, field
from typing import Dict


@dataclass
class Window:
    start: int = 0
    best: int = 1
    last: Dict[str, int] = field(default_factory=dict)

    def push(self, i: int, ch: str) -> None:
        if ch in self.last and self.last[ch] >= self.start:
            self.start = self.last[ch]
        self.last[ch] = i
        self.best = max(self.best, i - self.start + 1)


class Solution:
    def lengthOfLongestSubstring(self, s):
        w = Window()
        for i, ch in enumerate(s):
            w.push(i, ch)
        return w.best
