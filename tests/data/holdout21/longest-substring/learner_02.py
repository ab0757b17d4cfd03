from typing import List


class Solution:
    EMPTY_LENGTH = 0

    def getLastSeenIndex(self, lastSeenIndexByChar, character):
        return lastSeenIndexByChar.get(character, -1)

    def lengthOfLongestSubstring(self, s):
        if s is None or len(s) == 0:
            return self.EMPTY_LENGTH
        lastSeenIndexByChar = {}
        windowStartIndex = 0
        longestLength = 0
        for currentIndex in range(len(s)):
            currentChar = s[currentIndex]
            lastSeenIndex = self.getLastSeenIndex(lastSeenIndexByChar, currentChar)
            if lastSeenIndex >= 0:
                windowStartIndex = lastSeenIndex + 1
            lastSeenIndexByChar[currentChar] = currentIndex
            currentLength = currentIndex - windowStartIndex + 1
            if currentLength > longestLength:
                longestLength = currentLength
        return longestLength
