"""Comparators that hold for any two arrays: how a learner's value differs from the reference step
it was computing (a constant factor and which quantity it equals, an offset, a region, axes
permuted or reversed, another function of the step before, the step left out, lower precision,
rounding). Each finding carries the words ("how") and the change that, made to the reference's
step, gives the learner's value, so that it can be checked on every failing case. NumPy, and torch
for the special functions a fitted activation inverts."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import permutations
from typing import Callable

import numpy as np
import torch
_erf = np.vectorize(math.erf, otypes=[np.float64])  # the traced values are small (trace.py's caps)


@dataclass
class Finding:
    how: str  # "where the mask is False yours is 0, expected -inf"
    change: Callable | None  # (env, reference value as numpy) -> numpy; None: a fact that cannot be replayed
    kind: str = ""
    alts: list = field(default_factory=list)  # other readings of the same values (another quantity of equal size)
    bare: bool = False  # only the number (a factor or offset no quantity explains): said after the named readings
    exact: bool = False  # verified at its step alone (the step made so is the learner's value), whatever comes after


def scale(a: np.ndarray) -> float:
    fin = a[np.isfinite(a)] if a.size else a
    return float(np.abs(fin).max(initial=0.0)) or 1.0


def close(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> np.ndarray:
    """Elementwise: equal infinities, NaN against NaN, finite within atol * scale(b) + rtol * |b|."""
    a, b = np.broadcast_arrays(a, b)
    both = np.isfinite(a) & np.isfinite(b)
    out = np.where(both, np.abs(np.where(both, a - b, 0)) <= atol * scale(b) + rtol * np.abs(np.where(both, b, 0)),
                   (a == b) | (np.isnan(a) & np.isnan(b)))
    return out


def same(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> bool:
    if a.dtype == bool or b.dtype == bool:
        return a.shape == b.shape and bool(np.array_equal(a, b))
    if a.shape != b.shape:
        return False
    if np.isfinite(a).all() and np.isfinite(b).all():  # the common case, without close's masks
        with np.errstate(over="ignore"):
            return bool((np.abs(a - b) <= atol * scale(b) + rtol * np.abs(b)).all())
    return bool(np.all(close(a, b, rtol, atol)))


# ---- layouts: the learner's value laid out as the step's shape --------------------------------

def layouts(v_shape: tuple, s_shape: tuple, exact_only: bool = False):
    """(words, fn: learner array -> array of s_shape), the plain layout first."""
    if v_shape == s_shape:
        yield "", lambda a: a
        if exact_only:
            return
    size_v, size_s = math.prod(v_shape), math.prod(s_shape)
    if size_v == size_s and tuple(d for d in v_shape if d != 1) == tuple(d for d in s_shape if d != 1) \
            and v_shape != s_shape:
        yield "", lambda a: a.reshape(s_shape)
    if exact_only:
        return
    if size_v == size_s and len(v_shape) <= 5 and len(s_shape) <= 5:
        for p in permutations(range(len(v_shape))):
            if p == tuple(range(len(v_shape))):
                continue
            pv = tuple(v_shape[i] for i in p)
            if pv == s_shape:
                yield f"axes permuted {p}", lambda a, p=p: a.transpose(p)
            elif len(v_shape) != len(s_shape):
                yield f"axes {p} then reshaped", lambda a, p=p: a.transpose(p).reshape(s_shape)
        if len(v_shape) != len(s_shape):
            for p in permutations(range(len(s_shape))):
                ps = tuple(s_shape[i] for i in p)
                inv = tuple(np.argsort(p))
                yield "reshaped", lambda a, ps=ps, inv=inv: a.reshape(ps).transpose(inv)
    if len(v_shape) == len(s_shape) >= 2 and v_shape[:-1] == s_shape[:-1] and v_shape[-2] > 1 and \
            v_shape[-1] == 2 * s_shape[-1] > 2:
        # each value twice along the last axis (cos.repeat_interleave(2), or two halves alike): ready
        # to multiply pairs, the step itself
        yield "each value repeated", lambda a: _once(a, a[..., ::2], a[..., 1::2])
        yield "two halves alike", lambda a: _once(a, a[..., :a.shape[-1] // 2], a[..., a.shape[-1] // 2:])
    try:
        if np.broadcast_shapes(v_shape, s_shape) == s_shape and v_shape != s_shape:
            yield "broadcast", lambda a: np.broadcast_to(a, s_shape)
    except ValueError:
        pass


def _once(a: np.ndarray, one: np.ndarray, other: np.ndarray) -> np.ndarray:
    """`one`, where the array is it twice over (else ValueError: no such layout)."""
    if a.dtype == bool or not np.array_equal(one, other):
        raise ValueError("not repeated")
    return one


def compatible(v_shape: tuple, s_shape: tuple, preferred: Callable | None = None) -> Callable | None:
    """The layout for comparing differing values: the plain one (same shape, or the same up to
    axes of 1); else the `preferred` one (the layout the learner's other values of this step were
    found in: (B, T, H, d_head) kept where the steps have (B, H, T, d_head)); else the first axis
    permutation that gives the step's shape."""
    for words, fn in layouts(v_shape, s_shape, exact_only=True):
        return fn
    if preferred is not None:
        try:
            if preferred(np.empty(v_shape)).shape == s_shape:
                return preferred
        except ValueError:
            pass
    if len(v_shape) == len(s_shape) and sorted(v_shape) == sorted(s_shape) and len(v_shape) <= 5:
        for p in permutations(range(len(v_shape))):
            if tuple(v_shape[i] for i in p) == s_shape:
                return lambda a, p=p: a.transpose(p)
    if len(v_shape) != len(s_shape) and v_shape and s_shape and v_shape[-1] == s_shape[-1] and \
            math.prod(v_shape) == math.prod(s_shape):
        # the leading axes folded into rows (`x.reshape(-1, d)`) or unfolded again: the same rows in their order
        return lambda a: a.reshape(s_shape)
    return None


# ---- the comparators --------------------------------------------------------------------------

CONSTANTS = [("2", 2.0), ("4", 4.0)]


def _factor_names(c: float, quantities: dict, env: dict) -> list[tuple[str, Callable]]:
    """Every quantity that the factor c equals on this case, simplest first (a named size, a small
    constant, a size doubled or halved, two sizes at once), and how to compute it for another case:
    `quantities` maps words to fn(env) -> number. Two sizes can be equal on one case (Tq = Tk):
    each is a reading that verification on every failing case tells apart."""
    tiers: list[list] = [[], [], [], []]
    named = [(k, fn, 0) for k, fn in quantities.items()] + [(k, (lambda e, v=v: v), 1) for k, v in CONSTANTS]
    for name, fn, tier in named:
        try:
            q = float(fn(env))
        except Exception:  # noqa: BLE001 - a quantity this case does not have
            continue
        if q in (0.0, 1.0, -1.0) or not math.isfinite(q):
            continue
        forms = [("{}", 1.0, tier)] + ([] if tier else [("2 x {}", 2.0, 2), ("{} / 2", 0.5, 2)])
        for form, k, t in forms:
            for power, words in ((1, "{}"), (-1, "1/{}" if form == "{}" else "1/({})")):
                want = (k * q) ** power
                if abs(c - want) <= 1e-6 * abs(want):
                    tiers[t].append((f"{words.format(form.format(name))} = {want:.4g}",
                                     (lambda e, fn=fn, power=power, k=k: (k * float(fn(e))) ** power)))
        # an axis's length less one where the length belongs (a mean divided by n - 1, as an unbiased
        # variance is), or back: only an axis's, a count of the task's (the batch) took it by chance
        if not tier and ".shape[" in name and not name.startswith("sqrt(") and q >= 2 and q == int(q):
            for power, words in ((1, "{0} / ({0} - 1)"), (-1, "({0} - 1) / {0}")):
                want = (q / (q - 1)) ** power
                if abs(c - want) <= 1e-6 * abs(want):
                    tiers[2].append((f"{words.format(name)} = {want:.4g}",
                                     (lambda e, fn=fn, power=power: (float(fn(e)) / (float(fn(e)) - 1)) ** power)))
    # two of the drill's own quantities at once (bits and GiB: 8 / 1024^3)
    # the drill's own, and the inputs' axes without their square roots (a size's root is one size)
    own = [(n, f) for n, f in quantities.items() if not (n.startswith("sqrt(") and ".shape[" in n)][:16]
    for i, (n1, f1) in enumerate(own):
        for n2, f2 in own[i + 1:]:
            try:
                q1, q2 = float(f1(env)), float(f2(env))
            except Exception:  # noqa: BLE001
                continue
            if q1 in (0.0, 1.0) or q2 in (0.0, 1.0):
                continue
            for p1 in (1, -1):
                for p2 in (1, -1):
                    want = q1 ** p1 * q2 ** p2
                    if abs(c - want) > 1e-6 * abs(want):
                        continue
                    words = f"{n1 if p1 == 1 else '1/(' + n1 + ')'} x {n2 if p2 == 1 else '1/(' + n2 + ')'}"
                    tiers[3].append((f"{words} = {want:.4g}", (lambda e, f1=f1, f2=f2, p1=p1, p2=p2:
                                                               float(f1(e)) ** p1 * float(f2(e)) ** p2)))
    return [t for tier in tiers for t in tier]


def factor(v, s, env, quantities) -> Finding | None:
    fin = np.isfinite(s) & np.isfinite(v)
    if not np.array_equal(np.isfinite(s), np.isfinite(v)) or not fin.any():
        return None
    sv, vv = s[fin], v[fin]
    denom = float(np.dot(sv, sv))
    if denom == 0:
        return None
    c = float(np.dot(vv, sv) / denom)
    if abs(c - 1) < 1e-6 or c == 0 or not same(vv, c * sv, 1e-5, 1e-6):
        return None
    if abs(c + 1) < 1e-6:
        return Finding("yours has the opposite sign", lambda e, r: -r, "sign")
    plain = Finding(f"yours is the expected value times {c:.6g} everywhere", lambda e, r, c=c: r * c, "factor",
                    bare=True)
    named = [Finding(f"yours is the expected value times {words}", lambda e, r, q=q: r * q(e), "factor")
             for words, q in _factor_names(c, quantities, env)]
    if not named:
        return plain
    named[0].alts = named[1:] + [plain]
    return named[0]


def offset(v, s, env, quantities) -> Finding | None:
    fin = np.isfinite(s) & np.isfinite(v)
    if not fin.any() or not np.array_equal(np.isfinite(s), np.isfinite(v)):
        return None
    d = v[fin] - s[fin]
    c = float(np.sort(d, axis=None)[d.size // 2])  # a median: np.median's first call imports numpy.ma (60 ms)
    if abs(c) <= 1e-9 * scale(s) or not np.allclose(d, c, rtol=1e-5, atol=1e-7 * scale(s)):
        return None
    return Finding(f"yours is the expected value plus {c:.6g} everywhere", lambda e, r, c=c: r + c, "offset", bare=True)


def number_arrays(env: dict | None):
    """(name, float64 array) for each input that is an array of numbers (not a mask, not a size)."""
    for name, given in (env or {}).items():
        if not hasattr(given, "shape") or getattr(given, "dtype", None) is None or len(given.shape) == 0:
            continue
        g = _np(given)
        if g.dtype != bool:
            yield name, g


def plus_input(v, s, env, rtol, atol) -> Finding | None:
    """Yours is the step's value with an input added or subtracted (a residual x + ... inside a
    module that has none, or taken twice)."""
    for name, g in number_arrays(env):
        if g.shape != v.shape:
            continue
        for words, sign in (("plus", 1.0), ("minus", -1.0)):
            if same(v, s + sign * g, rtol, atol):
                return Finding(f"yours is the expected value {words} the input {name}: a residual ({name} + ...) "
                               f"where the task has none" if sign > 0 else f"yours is the expected value minus {name}",
                               lambda e, r, n=name, sg=sign: r + sg * _np(e[n]), "plus-input")
    return None


def _regions(shape: tuple, s: np.ndarray, env: dict) -> list[tuple[str, Callable]]:
    """Named regions of a step's value: (words, fn(env, reference) -> boolean array)."""
    out = [("where the expected value is -inf", lambda e, r: np.isneginf(r)),
           ("where the expected value is 0", lambda e, r: r == 0)]
    mask = env.get("mask") if env else None
    if mask is not None:
        def masked(e, r):
            m = e.get("mask")
            m = np.asarray(m.numpy() if hasattr(m, "numpy") else m, bool)
            try:
                return np.broadcast_to(~m, r.shape) if m.ndim <= r.ndim else None
            except ValueError:
                return None
        out.insert(0, ("where the mask is False", masked))
    if len(shape) >= 2 and min(shape[-2:]) >= 2:  # one row has no diagonal to speak of (T = 1: the columns)
        def tri(k, upper):
            def fn(e, r):
                rows, cols = r.shape[-2], r.shape[-1]
                m = np.triu(np.ones((rows, cols), bool), k) if upper else np.tril(np.ones((rows, cols), bool), k)
                return np.broadcast_to(m, r.shape)
            return fn
        out += [("above the diagonal (keys after the query)", tri(1, True)),
                ("on and above the diagonal", tri(0, True)),
                ("below the diagonal", tri(-1, False)),
                ("on the diagonal", lambda e, r: np.broadcast_to(np.eye(r.shape[-2], r.shape[-1], dtype=bool), r.shape))]
    return out


def _said(x: float) -> str:
    return "-inf" if x == -np.inf else "inf" if x == np.inf else "NaN" if np.isnan(x) else f"{x + 0.0:.6g}"


def region(v, s, env, quantities, rtol, atol) -> Finding | None:
    diff = ~close(v, s, rtol, atol)
    if not diff.any() or diff.all():
        return None
    for words, fn in _regions(s.shape, s, env):
        r = fn(env, s)
        if r is None or r.shape != s.shape or not r.any() or r.all() or np.any(diff & ~r):
            continue
        vals = np.unique(v[r])
        exp = np.unique(s[r])
        expected = _said(float(exp[0])) if exp.size == 1 else "other values"
        if vals.size == 1 or (np.all(np.isnan(v[r]))):
            c = float(vals[0])
            yours = _said(c)
            if exp.size == 1 and np.isfinite(c) and np.isfinite(exp[0]):
                from studyxf.grading.judge.judging import distinct

                expected, yours = distinct(float(exp[0]), c)  # near-equal values with the digits that differ
            return Finding(f"{words} yours is {yours}, expected {expected}",
                           lambda e, ref, fn=fn, c=c: np.where(fn(e, ref), c, ref), "region")
        return Finding(f"only {words} differs (expected {expected} there)", None, "region")
    return None


def diagonal(v, s, prev, prev_name, rtol, atol) -> Finding | None:
    """A causal mask on another diagonal than the expected: yours hides the keys after i + k, for
    another k than the step's (aligned top-left where Tq != Tk, the offset's sign flipped, tril(1))."""
    if prev is None or prev.shape != v.shape or v.ndim < 2 or not np.isneginf(v).any() or not np.isneginf(s).any():
        return None
    rows, cols = v.shape[-2:]

    def hidden(k):
        return np.broadcast_to(np.triu(np.ones((rows, cols), bool), k + 1), v.shape)

    forms = _diagonal_forms(rows, cols)

    def diag(a):
        return next(((w, f) for w, f in forms if np.array_equal(np.isneginf(a), hidden(f(rows, cols)))), (None, None))

    (words, form), (_, form0) = diag(v), diag(s)
    if form is None or form0 is None:
        return None
    k, k0 = form(rows, cols), form0(rows, cols)
    if k == k0 or not same(v, np.where(hidden(k), -np.inf, prev), rtol, atol):
        return None
    return Finding(_diagonal_words(words, k, k0, rows, cols),
                   lambda e, r, f=form, p=prev_name: np.where(np.broadcast_to(
                       np.triu(np.ones(r.shape[-2:], bool), f(*r.shape[-2:]) + 1), r.shape), -np.inf, _np(e[p])),
                   "region")


def _diagonal_forms(rows: int, cols: int) -> list:
    """The diagonals a learner writes, the likeliest first, as (words, fn(Tq, Tk) -> k) (where every row
    is hidden, several fit)."""
    forms = [("Tq - Tk", lambda t, u: t - u), ("0", lambda t, u: 0), ("1", lambda t, u: 1), ("-1", lambda t, u: -1),
             ("Tk - Tq", lambda t, u: u - t)]
    return forms + [(str(k), lambda t, u, k=k: k) for k in range(-rows, cols + 1)]


def _diagonal_words(words: str, k: int, k0: int, rows: int, cols: int) -> str:
    why = {"0": " (aligned top-left: the queries are the last Tq of the Tk positions, so query i is at Tk - Tq + i)",
           "Tq - Tk": " (the offset's sign flipped: Tq - Tk where Tk - Tq is meant)"}.get(words, "")
    why = why if rows != cols else ""
    return (f"your causal mask lets query i see the keys up to i {'-' if k < 0 else '+'} {abs(k)} "
            f"(tril(..., diagonal={words})); expected "
            f"diagonal {k0}{' = Tk - Tq' if k0 == cols - rows and rows != cols else ''}{why}")


def diagonal_weighed(v, s, prev, prev_name, rtol, atol) -> Finding | None:
    """The weights of a causal mask on another diagonal than the expected, the masked scores never held
    in a name (`scores.masked_fill(~mask, -inf).softmax(-1)`): yours are 0 past key i + k, for another k
    than the step's, and the softmax of the scores so masked."""
    if prev is None or prev.shape != v.shape or v.ndim < 2 or np.isneginf(prev).all() or not np.any(v == 0) \
            or not np.all(np.isfinite(v)):
        return None
    rows, cols = v.shape[-2:]
    forms = _diagonal_forms(rows, cols)

    def hidden(k):
        return np.broadcast_to(np.triu(np.ones((rows, cols), bool), k + 1), v.shape)

    def diag(zero):
        return next(((w, f) for w, f in forms if np.array_equal(zero, hidden(f(rows, cols)))), (None, None))

    words, form = diag(v == 0)
    _, form0 = diag(s == 0)
    if form is None:
        return None
    k = form(rows, cols)
    k0 = form0(rows, cols) if form0 is not None else cols - rows  # nothing hidden: the diagonal at Tk - Tq or past
    if k == k0 or not same(v, _softmax_hidden(prev, hidden(k)), rtol, atol):
        return None
    return Finding(_diagonal_words(words, k, k0, rows, cols),
                   lambda e, r, f=form, p=prev_name: _softmax_hidden(_np(e[p]), np.broadcast_to(
                       np.triu(np.ones(r.shape[-2:], bool), f(*r.shape[-2:]) + 1), r.shape)), "region")


def _softmax_hidden(scores: np.ndarray, hidden: np.ndarray) -> np.ndarray:
    x = np.where(hidden, -np.inf, np.asarray(scores, dtype=np.float64))
    top = np.max(x, axis=-1, keepdims=True)
    e = np.exp(x - np.where(np.isfinite(top), top, 0.0))
    return e / e.sum(axis=-1, keepdims=True)


def confined(v, s, rtol, atol) -> str | None:
    """A measured fact: the difference lies along some indices of one axis only."""
    diff = ~close(v, s, rtol, atol)
    if not diff.any():
        return None
    parts = []
    for axis in range(s.ndim):
        if s.shape[axis] < 2:
            continue
        hit = np.nonzero(diff.any(axis=tuple(i for i in range(s.ndim) if i != axis)))[0]
        if 0 < hit.size < s.shape[axis]:
            rng = f"{hit[0]}" if hit.size == 1 else (f"{hit[0]}-{hit[-1]}" if hit[-1] - hit[0] + 1 == hit.size
                                                      else ", ".join(map(str, hit[:6])))
            parts.append(f"axis {axis - s.ndim} only at {rng} of 0-{s.shape[axis] - 1}")
    return "; ".join(parts) or None


def permuted(v, s, env, quantities, rtol, atol) -> Finding | None:
    if s.ndim < 2 or s.ndim > 5:
        return None
    for p in permutations(range(s.ndim)):
        if p == tuple(range(s.ndim)) or tuple(s.shape[i] for i in p) != s.shape:
            continue
        if same(v, s.transpose(p), rtol, atol):
            moved = [i - s.ndim for i in range(s.ndim) if p[i] != i]
            return Finding(f"yours is the expected value with axes {', '.join(map(str, moved))} swapped",
                           lambda e, r, p=p: r.transpose(p), "permuted")
    return None


def reversed_(v, s, env, quantities, rtol, atol) -> Finding | None:
    for axis in range(-s.ndim, 0):
        if s.shape[axis] > 1 and same(v, np.flip(s, axis), rtol, atol):
            return Finding(f"yours is the expected value reversed along axis {axis}",
                           lambda e, r, a=axis: np.flip(r, a).copy(), "reversed")
    return None


def shifted(v, s, env, quantities, rtol, atol) -> Finding | None:
    for axis in range(-s.ndim, 0):
        n = s.shape[axis]
        for k in (1, -1, 2, -2):
            if n <= abs(k) + 1:
                continue
            a = np.take(v, range(max(k, 0), n + min(k, 0)), axis=axis)
            b = np.take(s, range(max(-k, 0), n + min(-k, 0)), axis=axis)
            if same(a, b, rtol, atol):
                where = f"yours at index i is the expected value at i {'-' if k > 0 else '+'} {abs(k)}"
                return Finding(f"shifted along axis {axis}: {where}", None, "shifted")
    return None


def _pair_swap(a):
    out = a.copy()
    out[..., 0::2], out[..., 1::2] = a[..., 1::2], a[..., 0::2]
    return out


def pairs_swapped(v, s, env, quantities, rtol, atol) -> Finding | None:
    """Interleaved columns exchanged: yours at 2i is the expected at 2i + 1 and back (sin and cos)."""
    if v.ndim < 1 or v.shape[-1] < 2 or v.shape[-1] % 2 or v.shape != s.shape or not same(_pair_swap(v), s, rtol, atol):
        return None
    return Finding("the even and odd columns are exchanged: yours at column 2i is the expected value at 2i + 1, "
                   "and the other way round", lambda e, r: _pair_swap(r), "permuted")


def rounded(v, s, env, quantities, rtol, atol) -> Finding | None:
    if not np.all(np.isfinite(s)):
        return None
    for name, fn in (("rounded down (floor)", np.floor), ("rounded to the nearest integer", np.round),
                     ("truncated toward zero", np.trunc)):
        t = fn(s)
        if np.count_nonzero(t != s) >= max(2, s.size // 10) and np.count_nonzero(v) > s.size // 2 \
                and same(v, t, 0, 0):
            return Finding(f"yours is the expected value {name}", lambda e, r, fn=fn: fn(r), "rounded")
    return None


def precision(v, s, env, quantities, input_dtype: str) -> Finding | None:
    """Values within float32's (or bfloat16's) rounding of the expected where the input is float64."""
    if input_dtype not in ("float64", "float32") or not np.array_equal(np.isfinite(v), np.isfinite(s)):
        return None
    fin = np.isfinite(s)
    err = float(np.abs(v[fin] - s[fin]).max(initial=0.0)) / scale(s)
    if input_dtype == "float32":  # half precision inside a float32 drill (an autocast region, .half())
        if 2e-4 < err <= 2e-2:
            return Finding(f"lower precision than the input: errors of {err:.2g} of the largest value, the rounding "
                           f"of float16 or bfloat16 (the input is float32)", None, "precision")
        return None
    if 1e-12 < err <= 2e-5:
        return Finding(f"lower precision than the input: errors of {err:.2g} of the largest value, float32's "
                       f"rounding (the input is float64)",
                       lambda e, r: r.astype(np.float32).astype(np.float64), "precision")
    return None


def _softmax(a, axis):
    m = np.max(np.where(np.isfinite(a), a, -np.inf), axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    e = np.exp(a - m)
    s = e.sum(axis=axis, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return e / s


def _sigmoid(a):
    return 1 / (1 + np.exp(-a))


FUNCTIONS = [
    ("SiLU (x * sigmoid(x))", lambda a: a * _sigmoid(a)),
    ("GELU with erf", lambda a: 0.5 * a * (1 + _erf(a / math.sqrt(2)))),
    ("GELU's tanh approximation", lambda a: 0.5 * a * (1 + np.tanh(math.sqrt(2 / math.pi) * (a + 0.044715 * a ** 3)))),
    ("the normal CDF alone, 0.5 (1 + erf(x / sqrt 2)), without the factor x",
     lambda a: 0.5 * (1 + _erf(a / math.sqrt(2)))),
    ("GELU without the 1/sqrt(2) inside erf", lambda a: 0.5 * a * (1 + _erf(a))),
    ("GELU with erf(x sqrt(2/pi)) (the tanh form's constant inside erf, where erf takes x / sqrt 2)",
     lambda a: 0.5 * a * (1 + _erf(a * math.sqrt(2 / math.pi)))),
    ("x * sigmoid(1.702 x) (the quick GELU)", lambda a: a * _sigmoid(1.702 * a)),
    ("ReLU", lambda a: np.maximum(a, 0)),
    ("sigmoid", _sigmoid),
    ("tanh", np.tanh),
    ("exp", np.exp),
    ("sin", np.sin),
    ("cos", np.cos),
    ("the values divided by their sum over the last axis (no exp)", lambda a: a / a.sum(-1, keepdims=True)),
]


def flipped() -> list:
    """Each function with a sign flipped inside (a / (1 + exp(a)) for SiLU, where exp(-a) was meant)."""
    out = []
    for name, fn in FUNCTIONS:
        if name.startswith("the values"):
            continue
        odd = name.startswith(("SiLU", "GELU", "x *"))  # x * f(x): the sign flips inside f only
        out.append((f"{name} with the sign inside flipped (exp(x) where exp(-x) is meant, or the like)",
                    (lambda a, fn=fn: -fn(-a)) if odd else (lambda a, fn=fn: fn(-a))))
    return out


def function_readings(prev_name: str) -> list:
    """(words, change) for each function of the step before (for a step made inside a fused line)."""
    return [(f"yours is the step before ('{prev_name}') through {name}",
             (lambda e, r, fn=fn, p=prev_name: fn(_np(e[p])))) for name, fn in FUNCTIONS + flipped()]


def constant(a: np.ndarray) -> bool:
    """One number everywhere (more than one of them): what an array not yet written also holds."""
    return a.size > 1 and bool(np.all(a == a.flat[0]))


def of_previous(v, prev, prev_name, env, rtol, atol, quantities=None) -> Finding | None:
    """Yours is another function of the step before than the one expected (or that step itself, or
    that step times another named quantity)."""
    if prev is None or prev.shape != v.shape:
        return None
    if same(v, prev, rtol, atol):
        return Finding(f"yours equals the step before ('{prev_name}'): this step is left out",
                       lambda e, r, p=prev_name: _np(e[p]), "skipped")
    scaled = factor(v, prev, env, quantities or {}) if quantities is not None else None
    if scaled is not None and scaled.kind == "factor" and "=" in scaled.how:
        readings = [Finding(f"yours is the step before ('{prev_name}') times "
                            + f.how.removeprefix("yours is the expected value times "),
                            lambda e, r, p=prev_name, c=f.change: c(e, _np(e[p])), "factor")
                    for f in [scaled, *scaled.alts]]
        readings[0].alts = readings[1:]
        return readings[0]
    for how, change in combined(prev_name, env):  # the step before combined with an input (gamma added)
        with np.errstate(all="ignore"):
            try:
                w = change(env, None, prev)
            except ValueError:
                continue
        if w.shape == v.shape and same(v, w, rtol, atol):
            return Finding(how, lambda e, r, c=change: c(e, r), "combined")
    funcs = list(FUNCTIONS)
    for axis in range(-prev.ndim, -1):
        if prev.shape[axis] > 1:
            funcs.insert(0, (f"a softmax over axis {axis} instead of the last (the keys)",
                             lambda a, axis=axis: _softmax(a, axis)))
    funcs += flipped()
    for name, fn in funcs:
        with np.errstate(all="ignore"):
            try:
                w = fn(prev)
            except (ValueError, FloatingPointError):
                continue
        if w.shape == v.shape and same(v, w, rtol, atol) and not constant(w):
            # (a function that gives one number everywhere, ReLU(-x) of positive angles, says
            # nothing: an array not yet written holds that number too)
            return Finding(f"yours is the step before ('{prev_name}') through {name}",
                           lambda e, r, fn=fn, p=prev_name: fn(_np(e[p])), "function")
    return _fitted(v, prev, prev_name, rtol, atol)


def _inverse(c: float) -> str:
    """c inside a function, as a learner writes it: x / 2, x / sqrt(2), x * 1.5."""
    for words, value in (("2", 2.0), ("sqrt(2)", math.sqrt(2)), ("sqrt(pi)", math.sqrt(math.pi)), ("4", 4.0)):
        if abs(1 / c - value) < 1e-3 * value:
            return f"x / {words}"
    return f"x * {c:.4g}"


# x f(c x) forms whose constant a learner writes otherwise: (name, f, f's inverse, the expected c's words)
FITTED = [("GELU", lambda t: 0.5 * (1 + torch.erf(t)), lambda y: torch.special.erfinv(2 * y - 1),
           "0.5 x (1 + erf({x}))", "GELU's erf takes x / sqrt(2)"),
          ("x * sigmoid", torch.sigmoid, torch.logit, "x * sigmoid({x})", "SiLU is x * sigmoid(x)")]


def _fitted(v, prev, prev_name, rtol, atol) -> Finding | None:
    """Yours is x f(c x) (GELU's erf, a sigmoid) with another constant c than expected, c read from the
    values themselves and then checked on every element (erf(x / 2) where erf(x / sqrt 2) is meant)."""
    z = torch.from_numpy(np.asarray(prev, dtype=np.float64))
    y = torch.from_numpy(np.asarray(v, dtype=np.float64))
    use = z.abs() > 0.3
    if int(use.sum()) < 4:
        return None
    for name, f, inverse, form, expected in FITTED:
        with torch.no_grad():
            inner = inverse((y[use] / z[use]).clamp(1e-9, 1 - 1e-9))
        c = torch.median(inner / z[use]).item()
        if not math.isfinite(c) or abs(c) < 1e-3:
            continue
        w = (z * f(c * z)).numpy()
        if same(v, w, rtol * 10, atol * 10) and not same(w, (z * f(z / math.sqrt(2) if name == "GELU" else z)).numpy(),
                                                          rtol, atol):
            return Finding(f"yours is the step before ('{prev_name}') through {form.format(x=_inverse(c))}: {expected}",
                           lambda e, r, f=f, c=c, p=prev_name: (lambda t: (t * f(c * t)).numpy())(
                               torch.from_numpy(np.asarray(_np(e[p]), dtype=np.float64))), "function")
    return None


def combined(prev_name: str, env: dict):
    """(words, change) for the step before combined with each array input by + - * /; change is
    (env, reference value, the step before's value or None to read it from env) -> array."""
    for name, g in number_arrays(env):
        ops = [("plus {}", np.add), ("minus {}", np.subtract), ("times {}", np.multiply), ("divided by {}", np.divide)]
        if g.ndim == 2:  # a weight applied the other way: x @ w.T where x @ w is meant
            ops.append(("@ {}.T ({} transposed; it is applied as x @ {}, as given)",
                        lambda a, w: np.matmul(a, np.swapaxes(w, -1, -2))))
        for words, op in ops:
            def change(e, r, before=None, n=name, op=op, p=prev_name):
                a = _np(e[p]) if before is None else before
                return op(a, _np(e[n]))
            yield f"yours is the step before ('{prev_name}') {words.format(name, name, name)}", change


def _np(value) -> np.ndarray:
    if hasattr(value, "detach"):
        t = value.detach().cpu()
        return t.numpy().astype(np.float64) if t.is_floating_point() else t.numpy()
    return np.asarray(value, np.float64)


def explain(v, s, prev, prev_name, env, quantities, rtol, atol, input_dtype) -> Finding | None:
    """How v differs from the step's value s: the first comparator's reading, with every other
    reading (of any comparator) in its alts, for verification to choose among."""
    found = [of_previous(v, prev, prev_name, env, rtol, atol, quantities), diagonal(v, s, prev, prev_name, rtol, atol),
             diagonal_weighed(v, s, prev, prev_name, rtol, atol)]
    found += [fn(v, s, env, quantities) for fn in (factor, offset)]
    found.append(plus_input(v, s, env, rtol, atol))
    found += [fn(v, s, env, quantities, rtol, atol) for fn in (region, permuted, pairs_swapped, reversed_, rounded, shifted)]
    found.append(precision(v, s, env, quantities, input_dtype))
    readings = []
    for f in found:
        if f is not None:
            readings += [f, *f.alts]
    if not readings:
        return None
    plain = [r for r in readings if r.bare]  # the bare numbers last: the words for unverified
    named = [r for r in readings if not r.bare]
    ordered = named + plain
    first = ordered[0]
    first.alts = ordered[1:]
    return first


def rearranged(v: np.ndarray, source: np.ndarray, source_name: str, rtol: float, atol: float,
               env: dict | None = None) -> Finding | None:
    """Yours holds the numbers of an earlier value, arranged otherwise: its last axis split in
    another order ((..., d_head, H) where (..., H, d_head) is meant: heads interleaved), then its
    axes permuted. The split is read against the integer inputs (n_heads) so that it is replayed
    on other cases; each reading is an alternative for verification."""
    if source is None or source.size != v.size or source.ndim > 4 or v.ndim > 5 or source.dtype == bool:
        return None
    if not np.allclose(np.sort(source, axis=None), np.sort(v, axis=None), rtol=max(rtol, 1e-9), atol=atol * scale(source)):
        return None
    if source.ndim == v.ndim + 1:  # a merge: the source's axes reordered, its last two flattened into one
        for p in permutations(range(source.ndim)):
            moved = source.transpose(p)
            if moved.shape[:-2] + (moved.shape[-2] * moved.shape[-1],) != v.shape or p == (0, 2, 1, 3):
                continue
            if same(v, moved.reshape(v.shape), rtol, atol):
                how = (f"yours holds '{source_name}' {source.shape} with its axes ordered {p} before the last two are "
                       f"merged: the heads are merged as transpose(1, 2) to (B, T, H, d_head), then reshaped to "
                       f"(B, T, d), so column h * d_head + i is head h's i-th")
                return Finding(how, lambda e, r, n=source_name, p=p: _merge(e, n, p), "rearranged")
        return None
    last = source.shape[-1]
    ints = {k: val for k, val in (env or {}).items() if type(val) is int and val > 1}
    for a in range(2, last):
        if last % a:
            continue
        b = last // a
        shape = source.shape[:-1] + (a, b)
        split = source.reshape(shape)
        for p in permutations(range(len(shape))):
            if tuple(shape[i] for i in p) != v.shape or not same(v, split.transpose(p), rtol, atol):
                continue
            # how many parts each reading says: the integer input equal to b (the fast axis), or to a
            splits = [(f"(d // {k}, {k})", (lambda e, d, k=k: (d // e[k], e[k]))) for k in ints if ints[k] == b]
            splits += [(f"({k}, d // {k})", (lambda e, d, k=k: (e[k], d // e[k]))) for k in ints if ints[k] == a]
            splits.append((f"({a}, {b})", (lambda e, d, a=a, b=b: (a, b))))
            found = []
            for words, parts in splits:
                how = (f"yours holds '{source_name}' {source.shape} with its last axis d split as {words} and the "
                       f"axes ordered {p}: a head's values must be a block of consecutive columns (view as "
                       f"(..., n_heads, d_head), then move the heads axis), not every n_heads-th column")
                found.append(Finding(how, lambda e, r, n=source_name, parts=parts, p=p: _arrange(e, n, parts, p),
                                     "rearranged"))
            found[0].alts = found[1:]
            return found[0]
    return None


def _merge(env: dict, name: str, p) -> np.ndarray:
    moved = _np(env[name]).transpose(p)
    return moved.reshape(moved.shape[:-2] + (-1,))


def _arrange(env: dict, name: str, parts, p) -> np.ndarray:
    src = _np(env[name])
    a, b = parts(env, src.shape[-1])
    return src.reshape(src.shape[:-1] + (a, b)).transpose(p)
