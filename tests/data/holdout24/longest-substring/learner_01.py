from typing import List


class _Window:
    def __init__(self):
        self.chars = set()
        self.left = 0

    def push(self, s, right):
        while s[right] in self.chars:
            self.chars.remove(s[self.left])
            self.left += 1
        self.chars.add(s[right])
        return right - self.left


class Solution:
    def lengthOfLongestSubstring(self, s):
        win = _Window()
        best = 0
        for right in range(len(s) - 1):
            best = max(best, win.push(s, right))
        return best
