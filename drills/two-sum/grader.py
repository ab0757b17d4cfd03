"""The two-sum drill's cases (loaded by the grading worker from this folder): LeetCode's own
signature, each case calling a fresh Solution(); an O(n^2) answer is "correct but too slow"."""

import random

from studyxf.grading.judge.case import Case, Named

NAMED = ["two-sum-values", "two-sum-same-element", "two-sum-sorted-positions"]  # the slips its validator recognises

SLOW = ("correct on the small cases, but too slow here: still running after {s:g} s on n = {n:,} "
        "(an O(n^2) solution? a hash map makes it O(n))")


def _two_sum_check(nums, target):
    def validate(out):
        try:
            i, j = list(out)
        except (TypeError, ValueError):
            return f"expected two indices [i, j], got {out!r:.100}"
        valid = isinstance(i, int) and isinstance(j, int) and 0 <= i < len(nums) and 0 <= j < len(nums)
        if valid and i != j and nums[i] + nums[j] == target:
            return None
        # every reading this answer fits ([0, 0] for nums [0, 4, 3, 0] fits both): the diagnosis names
        # the one every failing case fits
        values = isinstance(i, int) and isinstance(j, int) and i + j == target and _values(nums, i, j)
        if valid and i == j and 2 * nums[i] == target:
            return Named(f"expected two different indices, got {[i, j]!r:.100}: nums[{i}] paired with itself",
                         "two-sum-same-element", ("two-sum-values",) if values else ())
        if values:
            return Named(f"expected two indices, got {[i, j]!r:.100}: the values that sum to {target}, not where "
                         f"they are", "two-sum-values")
        if valid and i != j and _sorted_positions(nums, target, i, j):
            return Named(f"expected indices into nums, got {[i, j]!r:.100}: positions of a pair in a sorted copy of nums",
                         "two-sum-sorted-positions")
        if not valid or i == j:
            return f"expected two different valid indices, got {[i, j]!r:.100}"
        return f"nums[{i}] + nums[{j}] = {nums[i] + nums[j]}, not the target {target}"
    return validate


def _sorted_positions(nums, target, i, j) -> bool:
    """Whether i and j are the positions of a pair summing to target in sorted(nums)."""
    ordered = sorted(nums)
    return ordered[i] + ordered[j] == target


def _values(nums, a, b) -> bool:
    """Whether a and b are values in nums (two of them if equal)."""
    return nums.count(a) >= 2 if a == b else (a in nums and b in nums)


def _smaller(nums, target):
    """A shorter nums for the smallest failing input (shrink.py): its validator and the answer,
    where exactly one pair still sums to the target (the task's promise)."""
    pairs = [[i, j] for j in range(len(nums)) for i in range(j) if nums[i] + nums[j] == target]
    return (_two_sum_check(nums, target), pairs[0]) if len(pairs) == 1 else None


def cases():
    rng = random.Random(5)
    small = [([2, 7, 11, 15], 9), ([3, 2, 4], 6), ([3, 3], 6), ([-1, -2, -3, -4, -5], -8), ([0, 4, 3, 0], 0),
             ([1, 5, 1000000000, -1000000000], 0), ([5, 75, 25], 100)]
    cases = [Case(f"nums={nums}, target={t}", [list(nums), t], {}, None, validate=_two_sum_check(nums, t),
                  shrunk=_smaller, call=f"Solution().twoSum({nums}, {t})") for nums, t in small]
    n = 100_000
    big = rng.sample(range(-10 ** 9, 10 ** 9), n)
    big[-2:] = [10 ** 9 + 1, 10 ** 9 + 2]  # the only pair summing to the target sits at the end
    target = 2 * 10 ** 9 + 3
    cases.append(Case(f"n = {n:,} (the answer at the end)", [big, target], {}, None,
                      validate=_two_sum_check(big, target), time_limit=2.0, slow_message=SLOW.format(s=2.0, n=n),
                      call=f"Solution().twoSum(nums, {target})  # len(nums) = {n}"))
    # and at the start: a quadratic scan that walks from the end would find the first one at once
    first = big[-2:] + big[:-2]
    cases.append(Case(f"n = {n:,} (the answer at the start)", [first, target], {}, None,
                      validate=_two_sum_check(first, target), time_limit=2.0, slow_message=SLOW.format(s=2.0, n=n),
                      call=f"Solution().twoSum(nums, {target})  # len(nums) = {n}"))
    return cases


