from typing import List, NamedTuple


class Window(NamedTuple):
    start: int
    length: int


class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        pos = {}
        win = Window(0, 0)
        best = Window(0, 0)
        for i, ch in enumerate(s):
            if ch in pos and pos[ch] >= win.start:
                win = Window(pos[ch] + 1, i - pos[ch])
            else:
                win = Window(win.start, win.length + 1)
            pos[ch] = i
            if win.length > best.length:
                best = win
        return best.length
