from typing import Dict, List, Optional


class Solution:
    def _build_index(self, nums: List[int]) -> Dict[int, int]:
        """Map each value to the last index holding it."""
        index: Dict[int, int] = {}
        for position, value in enumerate(nums):
            index[value] = position
        return index

    def twoSum(self, nums: List[int], target: int) -> List[int]:
        index = self._build_index(nums)
        for position, value in enumerate(nums):
            partner: Optional[int] = nums.index(target - value) if target - value in nums else None
            if partner is not None:
                return [position, partner]
        raise ValueError("no two numbers add up to target")
