from typing import List


class Solution:
    def twoSum(self, nums, target):
        positions = dict()
        for index, number in enumerate(iterable=nums, start=0):
            complement = target - number
            earlier = positions.get(complement, None)
            if earlier:
                return sorted([earlier, index])
            positions.update({complement: index})
        return list()
