class Solution:
    def lengthOfLongestSubstring(self, s):
        window = set()
        left = 0
        best = 1
        for i, ch in enumerate(s):
            while ch in window:
                window.remove(s[left])
                left += 1
            window.add(ch)
            best = max(best, i - left)
        return best
