from typing import List


class Solution:
    def lengthOfLongestSubstring(self, s):
        characters_in_current_window = set()
        window_start_index = 0
        longest_window_length = 0
        for window_end_index in range(len(s)):
            incoming_character = s[window_end_index]
            while incoming_character in characters_in_current_window:
                characters_in_current_window.remove(incoming_character)
                window_start_index += 1
            characters_in_current_window.add(incoming_character)
            current_window_length = window_end_index - window_start_index
            longest_window_length = max(longest_window_length, current_window_length)
        return longest_window_length
