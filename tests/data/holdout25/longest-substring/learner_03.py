from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        # a window [tail, head] moving through time; last_seen is the system's memory
        last_seen = {}
        tail = 0
        best = 0
        for head, particle in enumerate(s):
            if particle in last_seen:
                tail = last_seen[particle] + 1
            last_seen[particle] = head
            width = head - tail + 1
            if width > best:
                best = width
        return best
