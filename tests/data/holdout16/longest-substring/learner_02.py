from typing import List


class Solution:
    def __init__(self):
        self.seen = {}
        self.left = 0
        self.best = 0

    def _reset(self):
        self.seen, self.left, self.best = {}, 0, 0

    def _push(self, i, ch):
        prev = self.seen.get(ch)
        if prev and prev >= self.left:
            self.left = prev + 1
        self.seen.setdefault(ch, i)
        self.best = max(self.best, i - self.left + 1)

    def lengthOfLongestSubstring(self, s):
        self._reset()
        for i, ch in enumerate(s):
            self._push(i, ch)
        return self.best
