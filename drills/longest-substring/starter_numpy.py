from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        raise NotImplementedError("write lengthOfLongestSubstring here")
