class Solution:
    def lengthOfLongestSubstring(self, s):
        PAGE = 128
        pages = {}  # page number -> last position + 1 of each character on that page (0 = never seen)
        best = start = 0
        for i, ch in enumerate(s):
            page, slot = divmod(ord(ch), PAGE)
            table = pages.setdefault(page, [0] * PAGE)
            start = table[slot]
            table[slot] = i
            best = max(best, i + 1 - start)
        return best
