from enum import Enum, auto


class Step(Enum):
    GROW = auto()
    JUMP = auto()


class Solution:
    def lengthOfLongestSubstring(self, s):
        last = {}
        left = best = 0
        for right, ch in enumerate(s):
            step = Step.JUMP if last.get(ch, -1) >= 0 else Step.GROW
            match step:
                case Step.JUMP:
                    left = last[ch]
                case Step.GROW:
                    pass
            last[ch] = right
            best = max(best, right - left + 1)
        return best
