from typing import List


class Window:
    def __init__(self):
        self.chars = set()
        self.left = 0

    @property
    def size(self):
        return len(self.chars)

    def shrink_until_free(self, s, c):
        while c in self.chars:
            self.chars.remove(c)
            self.left += 1

    def push(self, c):
        self.chars.add(c)


class Solution:
    def lengthOfLongestSubstring(self, s):
        w = Window()
        best = 0
        for c in s:
            w.shrink_until_free(s, c)
            w.push(c)
            best = w.size
        return best
