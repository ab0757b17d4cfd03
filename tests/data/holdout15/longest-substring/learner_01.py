from typing import List


class _Window:
    def __init__(self, text):
        self.text = text
        self.start = 0
        self.members = set()

    def push(self, end):
        char = self.text[end]
        if char in self.members:
            self.members.remove(char)
            self.start += 1
        self.members.add(char)
        return end - self.start + 1


class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        window = _Window(s)
        return max((window.push(end) for end in range(len(s))), default=0)
