"""Probes: small targeted inputs whose outputs isolate one property of a submission, measured and
stated in words when no known slip explains a failure ("your scores are scaled by 1/8; expected
1/sqrt(d) = 1/4"). Each probe takes `call(*args, **kwargs) -> float64 numpy array`, which runs the
learner's function on torch inputs converted to its framework. Runs inside the grading worker."""

from __future__ import annotations

import math

import numpy as np
import torch

F64 = torch.float64


def attention_scale(adapter, d: int = 16, dv: int | None = None, keys: int = 5):
    """The effective scale of the scores: one query, `keys` keys whose raw dot products with it are
    2 for the second and 0 for the others, values that read the weights back (v_j = e_j), so
    w1 / w0 = exp(2 * scale). With d, dv and the number of keys apart, the measured scale also
    says which size the code divided by."""
    dv = dv or d

    def probe(call):
        q = torch.zeros(1, 1, d, dtype=F64)
        q[..., 0] = 1.0
        k = torch.zeros(1, keys, d, dtype=F64)
        k[0, 1, 0] = 2.0
        v = torch.zeros(1, keys, dv, dtype=F64)
        for j in range(keys):
            v[0, j, j] = 1.0
        out = np.asarray(adapter(call, q, k, v), np.float64).reshape(-1)
        w0, w1 = out[0], out[1]
        if not (np.isfinite(w0) and np.isfinite(w1) and w0 > 0 and w1 > 0 and abs(out[:keys].sum() - 1) < 1e-3):
            return None
        scale = math.log(w1 / w0) / 2
        want = 1 / math.sqrt(d)
        if abs(scale - want) <= 1e-3 * want or scale <= 0:
            return None
        sizes = [("d (the last axis of q and k)", d), ("the number of keys (k's second-to-last axis)", keys)]
        if dv != d:
            sizes.insert(1, ("dv (v's last axis)", dv))
        which = next((f"= 1/{form.format(n)}, and {n} is {name}" for name, n in sizes
                      for form, value in (("sqrt({})", math.sqrt(n)), ("{}", n))
                      if abs(1 / scale - value) <= 1e-3 * value), "")
        if abs(1 / scale - 2 * d) <= 1e-3 * d:  # s / d ** 1/2 divides by d, then by 2
            which = f"= 1/(2 x {d}): d ** 1/2 reads as (d ** 1) / 2 in Python; write d ** 0.5"
        sizes_said = f"d = {d}, {keys} keys" + (f", dv = {dv}" if dv != d else "")
        return (f"measured: your scores are scaled by 1/{1 / scale:.4g}{' ' + which if which else ''}; expected "
                f"1/sqrt(d) = 1/{math.sqrt(d):g} (a probe with {sizes_said}: the query's dot products with the "
                f"keys are 2 for one, 0 for the others)")
    probe.__name__ = "scores scale"
    return probe


def attention_weights(adapter, d: int = 16, tq: int = 3, tk: int = 5):
    """The weights themselves: v = the identity (v_j = e_j), so each output row is that query's
    weights over the keys. Where they are not a distribution per query, says what they are: the
    weights returned instead of weights @ v, one normaliser for the whole matrix, a division by the
    row's max, a sigmoid per score, or rows that sum to something else."""
    def probe(call):
        g = torch.Generator().manual_seed(11)
        q = torch.randn(1, tq, d, generator=g, dtype=F64)
        k = torch.randn(1, tk, d, generator=g, dtype=F64)
        v = torch.zeros(1, tk, d, dtype=F64)
        for j in range(tk):
            v[0, j, j] = 1.0
        scores = (q @ k.transpose(-2, -1) / math.sqrt(d))[0].numpy()
        out = np.asarray(adapter(call, q, k, v), np.float64)
        if out.shape[-2:] == (tq, tk):
            return (f"measured: your output has the weights' shape (Tq, Tk) = ({tq}, {tk}), not (Tq, dv) = "
                    f"({tq}, {d}): return weights @ v, not the weights")
        if out.shape[-2:] != (tq, d) or not np.all(np.isfinite(out)):
            return None
        w = out.reshape(-1, tq, d)[0]
        if np.any(np.abs(w[:, tk:]) > 1e-9):
            return None  # not a weighted sum of the values: nothing to read here
        w = w[:, :tk]
        rows = w.sum(-1)
        if np.allclose(rows, 1, atol=1e-6):
            return None  # a distribution per query: the other probes say what differs
        if np.isclose(w.sum(), 1, atol=1e-6):
            return ("measured: your weights sum to 1 over the whole matrix, one normaliser shared by every query; "
                    "each query's row must sum to 1: e / e.sum(-1, keepdims=True)")
        if np.allclose(w.max(-1), 1, atol=1e-6):
            return "measured: each query's largest weight is 1: you divided by the row's max, not its sum"
        if np.allclose(w, 1 / (1 + np.exp(-scores)), atol=1e-6):
            return ("measured: your weights are sigmoid(score), each on its own; softmax makes each query's weights "
                    "over the keys sum to 1")
        shown = ", ".join(f"{r:.3g}" for r in rows)
        return (f"measured: your weights for each query should sum to 1 over the keys; they sum to {shown} "
                f"(a probe with v = the identity, so the output is the weights)")
    probe.__name__ = "weights"
    return probe


def norm_scale(kind: str, d: int = 16):
    """A norm's output spread against its input's: rows of known mean and spread (standard
    deviation 1, 4, 0.5, 2), gamma = 1 (beta = 0), so each output row must have spread 1 (LayerNorm:
    its standard deviation; RMSNorm: its root mean square). Says how the learner's spread follows
    the input's: divided by the variance, multiplied by the spread, a constant factor, or the rows'
    spreads as measured."""
    spreads = np.array([1.0, 4.0, 0.5, 2.0])
    name = "standard deviation" if kind == "layer" else "root mean square"

    def spread(a):
        return a.std(-1) if kind == "layer" else np.sqrt((a ** 2).mean(-1))

    def probe(call):
        z = torch.randn(len(spreads), d, generator=torch.Generator().manual_seed(13), dtype=F64)
        if kind == "layer":
            z = (z - z.mean(-1, keepdim=True)) / z.std(-1, unbiased=False, keepdim=True)
            x = torch.tensor([0.0, 3.0, -2.0, 1.0], dtype=F64)[:, None] + torch.tensor(spreads)[:, None] * z
            args = (x, torch.ones(d, dtype=F64), torch.zeros(d, dtype=F64))
        else:
            z = z / z.pow(2).mean(-1, keepdim=True).sqrt()
            x = torch.tensor(spreads)[:, None] * z
            args = (x, torch.ones(d, dtype=F64))
        out = np.asarray(call(*args), np.float64)
        if out.shape != tuple(x.shape) or not np.all(np.isfinite(out)):
            return None
        got = spread(out)
        if np.allclose(got, 1, rtol=1e-3):
            return None  # the spread is right: the slips and the comparison say the rest
        power = np.polyfit(np.log(spreads), np.log(np.maximum(got, 1e-300)), 1)
        slope, factor = float(power[0]), float(np.exp(power[1]))
        fits = np.allclose(got, factor * spreads ** slope, rtol=1e-3)
        said = (f"measured: with gamma = 1, an input row of {name} s must come out with {name} 1; yours come out "
                f"with {', '.join(f'{g:.3g}' for g in got)} for s = {', '.join(f'{s:g}' for s in spreads)}")
        if fits and abs(slope + 1) < 1e-2 and abs(factor - 1) < 1e-2:
            return said + ": 1/s, so you divided by s squared (the variance or the mean square), not by its square root"
        if fits and abs(slope - 2) < 1e-2 and abs(factor - 1) < 1e-2:
            return said + ": s squared, so x is multiplied by the spread where it should be divided by it"
        if fits and abs(slope - 1) < 1e-2:
            if abs(factor - 1) < 1e-2:
                return said + ": each row keeps its own spread, so it is never divided by it"
            return (said + f": each row keeps its own spread, times {factor:.3g}: one divisor shared by every row "
                    f"(taken over the whole array, not over each row's last axis)")
        if fits and abs(slope) < 1e-2:
            k = 1 / factor
            named = next((f" ({w})" for w, v in ((f"d = {d}", d), (f"sqrt(d) = {math.sqrt(d):g}", math.sqrt(d)))
                          if abs(k - v) < 1e-2 * v), "")
            return said + f": the right shape, divided by a constant {k:.4g}{named}"
        return said
    probe.__name__ = f"{kind} norm spread"
    return probe


def rope_turns(d: int = 8, base: float = 10000.0):
    """The angle RoPE turns each pair by per position: x = (1, 0) in every pair at positions 0 and
    1, so the output's pairs at position 1 are (cos w_i, sin w_i) with w_i = base^(-2i/d). Says
    what the learner's angles are: not a rotation, a constant factor (degrees?), another base, or
    the measured angles."""
    want = base ** (-np.arange(0, d, 2) / d)

    def probe(call):
        x, y = torch.zeros(2, d, dtype=F64), torch.zeros(2, d, dtype=F64)
        x[:, 0::2] = 1.0  # (1, 0) in every pair
        y[:, 1::2] = 1.0  # (0, 1)
        out, other = np.asarray(call(x), np.float64), np.asarray(call(y), np.float64)
        if out.shape != (2, d) or other.shape != (2, d) or not np.all(np.isfinite(out)) \
                or not np.all(np.isfinite(other)):
            return None
        a, b = out[1, 0::2], out[1, 1::2]
        if not (np.allclose(np.hypot(a, b), 1, atol=1e-6) and np.allclose(other[1, 0::2], -b, atol=1e-6)
                and np.allclose(other[1, 1::2], a, atol=1e-6)):
            return (f"measured: not a rotation: at position 1 your first pair sends (1, 0) to ({a[0]:.3g}, {b[0]:.3g}) "
                    f"and (0, 1) to ({other[1, 0]:.3g}, {other[1, 1]:.3g}); a rotation by w sends them to "
                    f"(cos w, sin w) and (-sin w, cos w): (x0 cos - x1 sin, x0 sin + x1 cos)")
        got = np.arctan2(b, a)
        if np.allclose(got, want, atol=1e-9) or np.any(got <= 0):
            return None  # right, or turned the other way (rope-sign's business)
        return _frequencies("at position 1 your pairs turn by", got, d, base)
    probe.__name__ = "rope angles"
    return probe


def _frequencies(what: str, got: np.ndarray, d: int, base: float, factors: tuple = ()) -> str:
    """The measured angle per position of each pair against base^(-2i/d), and what they have in
    common: a constant factor (degrees, or one of `factors`: (name, value)), another base, an
    exponent of 4i/d."""
    want = base ** (-np.arange(0, d, 2) / d)
    said = (f"measured: {what} {', '.join(f'{g:.4g}' for g in got)} rad; expected base^(-2i/d) = "
            f"{', '.join(f'{w:.4g}' for w in want)} (d = {d}, base {base:g})")
    ratio = got / want
    if np.allclose(ratio, ratio[0], rtol=1e-6):
        named = next((f" = {n}" for n, v in (("pi/180: degrees, where radians are meant", math.pi / 180), *factors)
                      if abs(ratio[0] - v) < 1e-6 * v), "")
        return said + f": all times {ratio[0]:.4g}{named}"
    if np.all(got > 0):
        slope, start = np.polyfit(np.arange(d // 2), np.log(got), 1)
        if np.allclose(np.log(got), start + slope * np.arange(d // 2), atol=1e-6) and abs(start) < 1e-6:
            implied = math.exp(-slope * d / 2)
            if abs(implied - base ** 2) < 1e-3 * base ** 2:
                return said + ": the exponent is 4i/d, as 2i/(d/2) gives: base^(-2i/d) divides by d, not d/2"
            return said + f": the frequencies of base {implied:.4g} where the base is {base:g}"
    return said


def sinusoidal_turns(d: int = 8, rows: int = 3, base: float = 10000.0):
    """The table's angles: sin and cos of column pair i at position p must be sin(p w_i), cos(p w_i)
    with w_i = base^(-2i/d), so each pair's angle is 0 at position 0 and grows by w_i per position.
    Says where the positions start, or what the frequencies are."""
    def probe(call):
        pe = np.asarray(call(rows, d), np.float64)
        if pe.shape != (rows, d):
            return None
        sin, cos = pe[:, 0::2], pe[:, 1::2]
        if not np.allclose(sin ** 2 + cos ** 2, 1, atol=1e-6):
            return None  # not sin/cos pairs of one angle: the slips (concatenated, swapped) say more
        angle = np.arctan2(sin, cos)
        step = angle[2] - angle[1]
        if not np.allclose(angle[0], 0, atol=1e-9):
            if np.allclose(angle[0], step, atol=1e-9):
                return ("measured: the table's first row is already turned by one step: its positions start at 1; "
                        "they start at 0 (sin 0 = 0, cos 0 = 1)")
            return None
        if np.allclose(angle[1], base ** (-np.arange(0, d, 2) / d), atol=1e-9) or np.any(angle[1] <= 0):
            return None
        return _frequencies("at position 1 your column pairs turn by", angle[1], d, base,
                            ((f"1/T: the positions divided by the table's length (T = {rows})", 1 / rows),))
    probe.__name__ = "sinusoidal angles"
    return probe


def alibi_slope_series(n: int = 4, T: int = 2):
    """The slopes read back: bias[h, 1, 0] = -m_h. Says how the learner's slopes run from head to
    head against 2^(-8(h+1)/n): a geometric series with another start or step (2^-(h+1), right
    only for n = 8), or the values measured."""
    want = 2.0 ** (-8 * np.arange(1, n + 1) / n)

    def probe(call):
        out = np.asarray(call(n, T), np.float64)
        if out.shape != (n, T, T) or not np.all(np.isfinite(out)):
            return None
        got = -out[:, 1, 0]
        if np.allclose(got, want, rtol=1e-6) or np.any(got <= 0):
            return None  # right, or the sign (alibi-sign's business)
        said = (f"measured: with n = {n} heads your slopes are {', '.join(f'{g:.4g}' for g in got)}; expected "
                f"2^(-8(h+1)/n) = {', '.join(f'{w:.4g}' for w in want)}")
        steps = got[1:] / got[:-1]
        if np.allclose(steps, steps[0], rtol=1e-6):
            said += (f": yours start at {got[0]:.4g} and step by x{steps[0]:.4g} per head, where both are "
                     f"2^(-8/n) = {want[0]:.4g}")
            if abs(steps[0] - 0.5) < 1e-6 and abs(got[0] - 0.5) < 1e-6:
                said += " (2^-(h+1): the 8/n left out, right only for n = 8)"
        elif np.allclose(got, 1 / np.arange(1, n + 1), rtol=1e-6):
            said += ": 1/(h+1), a harmonic series where ALiBi's is geometric"
        return said
    probe.__name__ = "alibi slopes"
    return probe


def repeatable(call, args, kwargs) -> str | None:
    """The same input twice must give the same output: dropout left on, or random weights drawn
    inside the function, make every comparison meaningless."""
    a, b = call(*args, **kwargs), call(*args, **kwargs)
    if a.shape == b.shape and np.array_equal(np.isnan(a), np.isnan(b)) and np.allclose(a, b, equal_nan=True,
                                                                                         rtol=0, atol=0):
        return None
    # how far apart is not said: it is drawn anew on each run, and the report must not change with it
    return ("measured: the same inputs twice gave different outputs: something random runs "
            "inside (dropout left on - F.dropout's training defaults to True -, or weights drawn in the function), "
            "or memory that holds no value of yours is read (an np.empty / torch.empty output not fully written, "
            "a kernel's load past the end of a tensor)")


def unwritten(call, args, kwargs, ref) -> str | None:
    """Outputs that change from call to call in whole rows (along the first axis) while every other
    row equals the reference: those rows are never written (an empty output, a grid that does not
    cover them), which no mask on a load explains. None otherwise."""
    a, b = call(*args, **kwargs), call(*args, **kwargs)
    ref = np.asarray(ref)
    if a.shape != b.shape or a.shape != ref.shape or a.ndim < 2:
        return None
    rows_a, rows_b, rows_r = (x.reshape(x.shape[0], -1) for x in (a, b, ref))
    varies = ~np.all((rows_a == rows_b) | np.isnan(rows_a) & np.isnan(rows_b), axis=1)
    right = np.all(np.isclose(rows_a, rows_r, rtol=1e-4, atol=1e-6), axis=1) & \
        np.all(np.isclose(rows_b, rows_r, rtol=1e-4, atol=1e-6), axis=1)
    if not varies.any() or not np.all(varies | right) or not right.any():
        return None
    n = a.shape[0]
    bad = np.flatnonzero(varies).tolist()
    good = np.flatnonzero(right).tolist()
    said = ", ".join(map(str, bad[:6])) + (", ..." if len(bad) > 6 else "")
    kept = ", ".join(map(str, good[:6])) + (", ..." if len(good) > 6 else "")
    return (f"measured: {'rows' if len(bad) > 1 else 'row'} {said} of {n} (the output's first axis) "
            f"{'hold' if len(bad) > 1 else 'holds'} different values on each call, while "
            f"{'rows' if len(good) > 1 else 'row'} {kept} {'are' if len(good) > 1 else 'is'} right: those rows are never written (an output made with empty / empty_like keeps "
            f"whatever was there): every row must be computed and stored (in a kernel, a program for each row: "
            f"the launch grid covers every row)")


def relation(got: np.ndarray, ref: np.ndarray) -> str | None:
    """What a wrong output has in common with the right one, where no slip fits: a constant factor,
    a transpose of the last two axes, or the first position where it goes wrong."""
    if got.shape != ref.shape or not np.all(np.isfinite(got)) or not np.all(np.isfinite(ref)):
        return None
    denom = float(np.vdot(ref, ref))
    if denom > 0:
        if not np.any(got):
            return "measured: your output is all zeros"
        c = float(np.vdot(got, ref) / denom)
        if abs(c - 1) > 1e-3 and np.allclose(got, c * ref, rtol=1e-4, atol=1e-6):
            return f"measured: your output is the expected one times {c:.4g} everywhere"
    if got.ndim >= 2 and got.shape[-1] == got.shape[-2] and np.allclose(np.swapaxes(got, -1, -2), ref, rtol=1e-4,
                                                                         atol=1e-6):
        return "measured: your output is the expected one with its last two axes swapped"
    if got.ndim >= 2:
        bad = ~np.isclose(got, ref, rtol=1e-4, atol=1e-6)
        rows = np.argwhere(bad.any(axis=-1).reshape(-1, got.shape[-2]).any(axis=0)).ravel()
        if 0 < len(rows) < got.shape[-2]:
            shown = ", ".join(map(str, rows[:6].tolist())) + (", ..." if len(rows) > 6 else "")
            return (f"measured: only rows {shown} of {got.shape[-2]} along the second-to-last axis (positions) "
                    f"differ; the others are right")
    return None
