"""The longest-substring drill's cases (loaded by the grading worker from this folder): LeetCode's own
signature, each case calling a fresh Solution(); an O(n^2) answer is "correct but too slow"."""

from studyxf.grading.judge.case import Case

NAMED = ["window-start-backwards", "distinct-characters", "window-off-by-one", "window-reset", "window-shrinks-once",
         "window-length-plus-one"]  # the slips its variant simulates

SLOW = ("correct on the small cases, but too slow here: still running after {s:g} s on n = {n:,} "
        "(an O(n^2) solution? a sliding window makes it O(n))")


def variant(slips, s: str) -> int:
    """The answer with these slips made: a slip is named only when its answers equal the learner's
    on every case, passing ones included (runcases._simulated)."""
    if "distinct-characters" in slips:
        return len(set(s))
    last, seen, left, best = {}, set(), 0, 0
    for right, ch in enumerate(s):
        if "window-reset" in slips:  # at a repeat the window starts again at this character
            if ch in seen:
                seen, left = set(), right
            seen.add(ch)
        elif "window-shrinks-once" in slips:  # `if` where `while` was meant: one character dropped
            if ch in seen:
                seen.discard(s[left])
                left += 1
            seen.add(ch)
        elif ch in last and ("window-start-backwards" in slips or last[ch] >= left):
            left = last[ch] + 1  # the slip: even when that position is before the window
        last[ch] = right
        length = right - left + 1 - ("window-off-by-one" in slips) + ("window-length-plus-one" in slips)
        best = max(best, length)
    return best


def _longest(s: str) -> int:
    return variant(frozenset(), s)


def _equals(s: str):
    want = _longest(s)

    def validate(out):
        if isinstance(out, bool) or not isinstance(out, int):
            return f"expected an int, got {type(out).__name__} {out!r:.60}"
        return None if out == want else f"expected {want}, got {out}"
    return validate


def cases():
    small = ["abcabcbb", "bbbbb", "pwwkew", "", " ", "au", "dvdf", "abba", "tmmzuxt", "a!b@c#a!"]
    cases = [Case(f"s={s!r}", [s], {}, None, variant=variant, validate=_equals(s), out_type=(int, "an int (a length)"),
                  call=f"Solution().lengthOfLongestSubstring({s!r})") for s in small]
    n = 200_000
    # 20,000 distinct characters cycling: windows are long, so checking every start is O(n * 20,000)
    big = "".join(chr(0x4E00 + i % 20_000) for i in range(n))
    cases.append(Case(f"n = {n:,}", [big], {}, None, validate=_equals(big), time_limit=2.0,
                      out_type=(int, "an int (a length)"),
                      slow_message=SLOW.format(s=2.0, n=n).replace("a hash map makes it O(n)",
                                                                   "a sliding window makes it O(n)"),
                      call="Solution().lengthOfLongestSubstring(s)  # len(s) = 200,000"))
    return cases


