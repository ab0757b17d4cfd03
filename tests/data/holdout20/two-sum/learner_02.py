from typing import Dict, List, Tuple


def _probe(seen: Dict[int, int], value: int, target: int) -> Tuple[bool, int]:
    """(found, index), like an Option<usize>."""
    need = target - value
    if need in seen:
        return True, seen[need]
    return False, -1


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        assert len(nums) >= 2
        seen: Dict[int, int] = {}
        for i, value in enumerate(nums):
            found, j = _probe(seen, value, target)
            if found:
                return [j, i]
            seen[value] = i
        raise ValueError("no pair")
