from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        """Length of the longest substring of s without a repeated character.

        A sliding window [left, right] holds distinct characters; when s[right] is already inside,
        the left edge moves past it. Each index enters and leaves the window once: O(n).
        """
        # step 1: the window's characters and its left edge
        window_chars = set()
        left = 0
        longest = 0
        # step 2: grow the window one character at a time
        for right, char in enumerate(s):
            # step 3: shrink from the left until char is no longer inside
            if char in window_chars:
                window_chars.remove(s[left])
                left += 1
            window_chars.add(char)
            # step 4: record the window's length
            longest = max(longest, right - left + 1)
        return longest
