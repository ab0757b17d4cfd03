from typing import List


class Solution:
    def __init__(self):
        self._seen = {}
        self._answer = [-1, -1]

    def twoSum(self, nums: List[int], target: int) -> List[int]:
        seen = self._seen
        seen.clear()  # one dict for every call: cleared, never reallocated
        answer = self._answer
        for i, x in enumerate(nums):
            j = seen.get(target - x)
            if j is not None:
                answer[0], answer[1] = j, i
                return list(answer)
            seen[x] = i
        return list(answer)
