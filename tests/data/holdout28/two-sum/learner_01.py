from typing import List


def make_pair_finder(target):
    seen = {}

    def feed(i, x):
        if target - x in seen:
            return [seen[target - x], i]
        seen[target - x] = i
        return None

    return feed


class Solution:
    def twoSum(self, nums, target):
        feed = make_pair_finder(target)
        for i, x in enumerate(nums):
            pair = feed(i, x)
            if pair is not None:
                return pair
        return []
