class Solution:
    def lengthOfLongestSubstring(self, s: str) -> int:
        index_of = dict()
        lo = 0
        ans = 0
        for hi, c in enumerate(s):
            if c in index_of and index_of[c] > lo:
                lo = index_of[c] + 1
            index_of[c] = hi
            if hi - lo + 1 > ans:
                ans = hi - lo + 1
        return ans
