"""The longest-substring drill's cases (loaded by the grading worker from this folder): LeetCode's own
signature, each case calling a fresh Solution(); an O(n^2) answer is "correct but too slow"."""

from studyxf.grading.case import Case, Named

NAMED = ["window-start-backwards", "distinct-characters", "window-off-by-one", "window-reset"]  # what its validator recognises

SLOW = ("correct on the small cases, but too slow here: still running after {s:g} s on n = {n:,} "
        "(an O(n^2) solution? a hash map makes it O(n))")


def _longest(s: str, start_moves_back: bool = False) -> int:
    """The sliding window's answer; start_moves_back: the slip, left = last[ch] + 1 even when that
    position is before the window."""
    last, left, best = {}, 0, 0
    for right, ch in enumerate(s):
        if ch in last and (start_moves_back or last[ch] >= left):
            left = last[ch] + 1
        last[ch] = right
        best = max(best, right - left + 1)
    return best


def _reset(s: str) -> int:
    """The slip: at a repeat the window starts again at the repeated character (the seen set
    cleared), so 'dvdf' gives 2 where the window 'vdf' is 3."""
    seen, best = set(), 0
    for ch in s:
        if ch in seen:
            seen = set()
        seen.add(ch)
        best = max(best, len(seen))
    return best


def _equals(s: str):
    want = _longest(s)
    # what the usual slips give on this string, where it differs from the answer
    slips = {"window-start-backwards": _longest(s, start_moves_back=True), "distinct-characters": len(set(s)),
             "window-reset": _reset(s)}
    slips = {k: v for k, v in slips.items() if v != want}

    def validate(out):
        if isinstance(out, bool) or not isinstance(out, int):
            return f"expected an int, got {type(out).__name__} {out!r:.60}"
        if out == want:
            return None
        said = f"expected {want}, got {out}"
        fits = [k for k, v in slips.items() if v == out]
        if abs(out - want) == 1:  # said only when every failing case is off by one (runcases)
            fits.append("window-off-by-one")
        return Named(said, fits[0], tuple(fits)) if fits else said
    return validate


def cases():
    small = ["abcabcbb", "bbbbb", "pwwkew", "", " ", "au", "dvdf", "abba", "tmmzuxt", "a!b@c#a!"]
    cases = [Case(f"s={s!r}", [s], {}, None, validate=_equals(s), call=f"Solution().lengthOfLongestSubstring({s!r})")
             for s in small]
    n = 200_000
    # 20,000 distinct characters cycling: windows are long, so checking every start is O(n * 20,000)
    big = "".join(chr(0x4E00 + i % 20_000) for i in range(n))
    cases.append(Case(f"n = {n:,}", [big], {}, None, validate=_equals(big), time_limit=2.0,
                      slow_message=SLOW.format(s=2.0, n=n).replace("a hash map makes it O(n)",
                                                                   "a sliding window makes it O(n)"),
                      call="Solution().lengthOfLongestSubstring(s)  # len(s) = 200,000"))
    return cases


