from dataclasses import dataclass, field
from typing import List


@dataclass
class Window:
    start: int = 0
    best: int = 0
    last: dict = field(default_factory=dict)

    def push(self, i, ch):
        prev = self.last.get(ch, -1)
        if prev >= self.start:
            self.start = prev + 1
        self.last[ch] = i
        self.best = max(self.best, len(self.last))


class Solution:
    def lengthOfLongestSubstring(self, s):
        w = Window()
        for i, ch in enumerate(s):
            w.push(i, ch)
        return w.best
