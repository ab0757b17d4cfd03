from typing import Dict, List


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        assert len(nums) >= 2, "need at least two numbers"
        seen: Dict[int, int] = {}
        for idx, value in enumerate(nums[:-1]):
            complement = target - value
            if complement in seen:
                return [complement, value]
            seen[value] = idx
        return []  # unreachable: the task promises exactly one answer
