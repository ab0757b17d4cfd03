class Solution:
    def lengthOfLongestSubstring(self, s):
        window = set()
        best = left = 0
        for right, ch in enumerate(s):
            while ch in window:
                window.discard(s[left])
                left += 1
            window.add(ch)
            best = max(best, right - left + 1)
        return best
