"""Naming what went wrong: the slips (alone, then two at once) whose outputs a failing submission
matches on every failing case, and where none fits, what the probes measured. Plain NumPy apart
from the variants each failing case computes on demand."""

from __future__ import annotations

from itertools import combinations

import numpy as np

from studyxf.grading.judge.evidence import Mismatch
from studyxf.grading.judge.families import public
from studyxf.grading.judge.judging import matches

# slips of one family are alternatives: a pair of them is never tried
EXCLUSIVE = [{"no-scale", "scale-d", "scale-d-model", "scale-after-softmax"},
             {"no-residual", "no-residual-attn", "no-residual-mlp"},
             {"gelu-tanh", "mlp-relu", "gelu-quick", "gelu-erf-no-sqrt2", "gelu-no-half"},
             {"mask-fill-finite", "masked-row-nan", "mask-fill-zero", "mask-after-softmax", "mask-added"},
             {"no-max-subtraction", "softmax-global-max"}]


# how a learner's softmax may treat a row with nothing to attend to, visible only once a slip empties
# a row (a causal drill has none): made beside a pair, never named
MODIFIERS = ("masked-row-nan",)


def _exclusive(a: str, b: str) -> bool:
    pa, pb = public(a), public(b)
    return pa == pb or any(pa in group and pb in group for group in EXCLUSIVE)


def _unchanged(v, ref) -> bool:
    """A variant's output equal to the reference's (the slips change nothing on this case)."""
    return v is not None and ref is not None and ref.shape == v.shape and np.array_equal(
        np.isfinite(v), np.isfinite(ref)) and np.allclose(v, ref, rtol=1e-9, atol=1e-12, equal_nan=True)


class _Fit:
    """Tries slip sets against the failing cases, each variant computed once."""

    def __init__(self, failing: list[Mismatch]):
        self.failing = failing
        self.cache: dict = {}

    def _variant(self, i: int, slips: frozenset):
        key = (i, slips)
        if key not in self.cache:
            self.cache[key] = self.failing[i].variant_of(slips)
        return self.cache[key]

    def changes(self, slips: frozenset) -> bool:
        """Whether the slips change some failing case's output at all."""
        return not all(_unchanged(self._variant(i, slips), f.ref) for i, f in enumerate(self.failing))

    def score(self, slips: frozenset) -> float | None:
        """The summed distance when every failing case matches the variant; None otherwise."""
        total = 0.0
        for i, f in enumerate(self.failing):
            v = self._variant(i, slips)
            if v is None or v.shape != f.got.shape:
                return None
            ref = f.ref
            if _unchanged(v, ref):
                return None  # the slip changes nothing here: it cannot explain this failure
            ok, dist = matches(f.got, v, f.dtype)
            if not ok:
                return None
            if ref is not None and ref.shape == v.shape and np.array_equal(np.isfinite(ref), np.isfinite(f.got)):
                # the learner's output must be nearer the slip than the reference: a slip whose change is
                # smaller than the learner's own error (no eps, next to float32 arithmetic) explains nothing
                fin = np.isfinite(ref)
                if np.abs(f.got[fin] - ref[fin]).sum() <= dist:
                    return None
            total += dist
        return total


def name_slips(failing: list[Mismatch], slips: list[str], pairs: bool = True) -> list[str]:
    """The slips that explain every failing case's values: the nearest single one, else (`pairs`)
    the nearest pair."""
    # the smallest case first: a slip set that does not fit is most often dropped on the first case
    comparable = sorted((f for f in failing if f.got is not None and f.variant_of is not None),
                        key=lambda f: f.got.size)
    if not comparable or not slips:
        return []
    fit = _Fit(comparable)
    singles = {s: fit.score(frozenset({s})) for s in slips}
    found = {s: d for s, d in singles.items() if d is not None}
    if found:
        return [min(found, key=found.get)]
    if not pairs:
        return []
    # every pair, the no-op ones included: a NaN row shows only once another slip empties a row
    pairs = {}
    for a, b in combinations(slips, 2):
        if _exclusive(a, b):
            continue
        d = fit.score(frozenset({a, b}))
        if d is not None:
            pairs[(a, b)] = d
    if pairs:
        best = list(min(pairs, key=pairs.get))
        # a NaN row of a plain softmax is no slip where no failing case has a row to empty otherwise
        return [s for s in best if s not in MODIFIERS or fit.changes(frozenset({s}))] or best
    # a pair whose emptied row a plain softmax turns into NaN (the first query of a causal mask that
    # hides the diagonal): no slip of the learner's, so the pair alone is named
    for m in (m for m in MODIFIERS if m in slips):
        for a, b in combinations([s for s in slips if s != m and not _exclusive(s, m)], 2):
            if not _exclusive(a, b):
                d = fit.score(frozenset({a, b, m}))
                if d is not None:
                    pairs[(a, b)] = d
    if pairs:
        return list(min(pairs, key=pairs.get))
    return _triple(fit, slips)


BEAM = 3  # the slip sets kept at each size on the way to three: a beam search, nearest first


def _triple(fit: "_Fit", slips: list[str]) -> list[str]:
    """Three slips at once (a mask, an activation and a residual, each in its own sub-layer): the BEAM
    nearest single slips, each with the BEAM nearest second ones, each tried with every third (about
    120 sets of C(40, 3) = 9880). Near: the learner's values' distance to the set's, over the three smallest
    failing cases, as a share of their distance to the reference's (a mask's slip shows on no case of one query)."""
    def off(f, a) -> float | None:
        if a is None or f.ref is None or a.shape != f.got.shape or \
                not np.array_equal(np.isfinite(a), np.isfinite(f.got)):
            return None
        fin = np.isfinite(a)
        return float(np.abs(f.got[fin] - a[fin]).sum())

    shown = fit.failing[:3]  # the smallest three: a share of the variants the pairs computed
    starts = [off(f, f.ref) for f in shown]
    if any(d is None or d == 0 for d in starts):
        return []

    def share(chosen: frozenset) -> float | None:
        left = [off(f, fit._variant(i, chosen)) for i, f in enumerate(shown)]
        return None if any(d is None for d in left) else sum(d / s0 for d, s0 in zip(left, starts))

    def nearest(base: frozenset) -> list[frozenset]:
        grown = [base | {s} for s in slips if s not in base and not any(_exclusive(s, b) for b in base)]
        shares = [(d, sorted(g, key=slips.index)) for g in grown for d in [share(g)]
                  if d is not None and d < len(starts)]
        return [frozenset(g) for _, g in sorted(shares)[:BEAM]]

    found = {}
    # (in the catalogue's order, never a set's: the same sets tried, and of equal distances the same one kept,
    # whatever the process's string hashing)
    order = slips.index
    pairs = sorted({tuple(sorted(p, key=order)) for one in nearest(frozenset()) for p in nearest(one)},
                   key=lambda p: [order(s) for s in p])
    for pair in pairs:
        for s in slips:
            three = tuple(sorted({*pair, s}, key=order))
            if len(three) == 3 and three not in found and not any(_exclusive(s, b) for b in pair):
                found[three] = fit.score(frozenset(three))
    found = {k: d for k, d in found.items() if d is not None}
    # (of sets alike in their values the narrower claim, "the merge only", for a split the other slips undo)
    return list(min(found, key=lambda k: (found[k], -sum(":" in s for s in k), [order(s) for s in k]))) \
        if found else []
