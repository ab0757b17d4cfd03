from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        # sliding window s[left..right] holding distinct characters
        window = set()
        left = 0
        longest = 0
        for right in range(len(s)):
            # shrink from the left until the new character is no longer inside
            if s[right] in window:
                window.remove(s[left])
                left += 1
            window.add(s[right])
            # the window is valid again: record its length
            longest = max(longest, right - left)
        return longest
