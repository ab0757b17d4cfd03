from typing import List


class Solution:
    NOT_FOUND = -1

    def getComplementIndex(self, seenIndexByValue, complementValue):
        return seenIndexByValue.get(complementValue, self.NOT_FOUND)

    def twoSum(self, nums, target):
        seenIndexByValue = {}
        for currentIndex in range(len(nums)):
            currentValue = nums[currentIndex]
            complementIndex = self.getComplementIndex(seenIndexByValue, target - currentValue)
            if complementIndex != self.NOT_FOUND:
                return [complementIndex, currentIndex]
            seenIndexByValue[currentValue] = currentIndex
        return []
