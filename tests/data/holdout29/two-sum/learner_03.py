from typing import Dict, List, Optional, Protocol


class Index(Protocol):
    def find(self, value: int) -> Optional[int]: ...

    def add(self, value: int, position: int) -> None: ...


class FirstSeen:
    def __init__(self) -> None:
        self._pos: Dict[int, int] = {}

    def find(self, value: int) -> Optional[int]:
        return self._pos.get(value)

    def add(self, value: int, position: int) -> None:
        self._pos.setdefault(value, position)


class Solution:
    def twoSum(self, nums: List[int], target: int) -> List[int]:
        index: Index = FirstSeen()
        for i, x in enumerate(nums, 1):
            partner = index.find(x - target)
            if partner is not None:
                return [partner, i]
            index.add(x, i)
        return []
