"""Judging one output against the float64 reference (docs/grading.md, the judging rule), and whether it matches a
wrong variant (diagnosis.py chooses which).

Plain NumPy: the tolerance arithmetic is testable without torch or a worker process.
"""

from __future__ import annotations

import numpy as np


def distinct(expected: float, got: float, digits: int = 6) -> tuple[str, str]:
    """Two values written with enough significant digits to differ (6 at least, 17 at most): a
    report must not say "expected -3.16352, got -3.16352" of values 1.5e-6 apart."""
    for d in range(digits, 18):
        form = f"#.{d}g" if d > digits else f".{d}g"  # past 6 digits, trailing zeros kept: both as long
        a, b = f"{expected + 0.0:{form}}", f"{got + 0.0:{form}}"
        if a != b or expected == got:
            return a, b
    return a, b

# torch.testing.assert_close defaults (rtol, atol) by dtype
TOLERANCE = {"float16": (1e-3, 1e-5), "bfloat16": (1.6e-2, 1e-5), "float32": (1.3e-6, 1e-5),
             "float64": (1e-7, 1e-7)}


# fp16/bf16 copies of the cases (`--device cuda`) are also judged normwise: a correct function
# written plainly in half precision rounds every intermediate (a norm's x - mean, a GQA's scores),
# which the elementwise defaults above do not allow for, while the engine accumulates in fp32.
# Measured: such code stays within 1.2 eps of the largest |expected|; mistakes are judged on the
# float32/float64 cases, which the half copies only add to.
HALF_NORMWISE_EPS = 4
EPS = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7}


def to_numpy(x):
    """numpy or torch output -> numpy array (bf16 via float32, which holds it exactly)."""
    if hasattr(x, "detach"):
        t = x.detach().cpu()
        if str(t.dtype) == "torch.bfloat16":
            return t.float().numpy(), "bfloat16"
        return t.numpy(), str(t.dtype).removeprefix("torch.")
    arr = np.asarray(x)
    return arr, str(arr.dtype)


def describe(inputs: dict) -> str:
    """`q(2, 5, 8) k(2, 5, 8) n_heads=4`: arrays by shape, plain values (ints, floats, short lists) as they are."""
    parts = []
    for k, v in inputs.items():
        if v is None:
            continue
        if hasattr(v, "shape") and np.ndim(v) > 0:
            parts.append(f"{k}{tuple(np.shape(v))}")
        elif isinstance(v, (list, tuple)) and len(v) > 8:
            parts.append(f"{k}=[{len(v)} items]")
        else:
            text = repr(v.item() if hasattr(v, "item") else v)
            parts.append(f"{k}={text if len(text) <= 60 else text[:57] + '...'}")
    return " ".join(parts)


class Failed(str):
    """A failing test's message that says how it failed: `kind` "nan" (NaN or inf where the reference
    has numbers), "shape", "dtype" or "values". A smaller input must fail the same way to stand for
    a case (shrink.py); the diagnosis reads the kind, never the words."""

    def __new__(cls, text: str, kind: str = "values"):
        said = super().__new__(cls, text)
        said.kind = kind
        return said


def kind_of(message) -> str:
    return getattr(message, "kind", "values")


def joined(first: str, kind: str, then, bridge: str = "; and the ") -> Failed:
    """`first` (a failure of `kind`), then what the values say past it: NaN in the values is the
    kind that shows first."""
    return Failed(f"{first}{bridge}{then}" if then else first, "nan" if then and kind_of(then) == "nan" else kind)


def compare(got: np.ndarray, ref: np.ndarray, dtype_name: str, engine_err: float, inputs: str) -> str | None:
    """None when `got` passes: within assert_close's defaults for the dtype, or within twice the
    engine's own error in that dtype plus 1e-6. Otherwise the failing test's message."""
    g = got.astype(np.float64)
    rtol, atol = TOLERANCE.get(dtype_name, TOLERANCE["float32"])
    if not np.all(np.isfinite(g)) and np.all(np.isfinite(ref)):
        bad = tuple(int(i) for i in np.argwhere(~np.isfinite(g))[0])
        hint = f"; row {bad[:-1]} {EMPTY_ROW}" if _zero_rows(ref)[bad] else ""
        return Failed(f"NaN or inf in the output, first at index {bad} (inputs {inputs}){hint}", "nan")
    finite = np.isfinite(ref) & np.isfinite(g)
    same_nonfinite = np.array_equal(np.isfinite(ref), np.isfinite(g)) and np.array_equal(ref[~finite], g[~finite])
    diff = np.where(finite, np.abs(g - np.where(finite, ref, 0)), 0.0)
    normwise = HALF_NORMWISE_EPS * EPS[dtype_name] * np.abs(ref[finite]).max(initial=0.0) if dtype_name in EPS else 0.0
    if same_nonfinite and (np.all(diff <= atol + rtol * np.abs(np.where(finite, ref, 0)))
                           or diff.max(initial=0.0) <= max(2 * engine_err + 1e-6, normwise)):
        return None
    if not same_nonfinite:
        return Failed(f"infinite values differ from the reference's (inputs {inputs})")
    hint = _empty_row_hint(diff, ref, atol)
    # the first of the errors within rounding of the largest: a bias left out errs equally on every row, and
    # which of those rows came out largest changed from run to run (a report the same on every run)
    where = tuple(int(i) for i in np.unravel_index(np.argmax(diff >= diff.max() * (1 - 1e-6)), diff.shape))
    worst = diff[where]
    rel = worst / abs(ref[where]) if ref[where] != 0 else float("inf")
    said_ref, said_got = distinct(float(ref[where]), float(g[where]))
    return Failed(f"values differ (inputs {inputs}): largest absolute error {worst:.3g} at {where} "
                  f"(expected {said_ref}, got {said_got}; relative {rel:.3g}); tolerance for {dtype_name}: "
                  f"rtol={rtol:g}, atol={atol:g}, or 2x the engine's own error ({engine_err:.2g}) + 1e-6"
                  + (f", or {HALF_NORMWISE_EPS} eps of the largest |expected| ({normwise:.2g})" if normwise else "")
                  + hint)


EMPTY_ROW = ("should be all zeros: that query has no key it may attend to, and outputs zeros as "
             "F.scaled_dot_product_attention does from PyTorch 2.5 (a -1e9 fill averages the values instead, "
             "-inf gives NaN)")


def _zero_rows(ref: np.ndarray) -> np.ndarray:
    """Per element: is it in a row (last axis, 2 or more long) that the reference fills with exact
    zeros? Such a row is a query with no key it may attend to (a fully masked row)."""
    if ref.ndim < 2 or ref.shape[-1] < 2:
        return np.zeros(ref.shape, bool)
    return np.broadcast_to((ref == 0).all(axis=-1, keepdims=True), ref.shape)


def _empty_row_hint(diff: np.ndarray, ref: np.ndarray, atol: float) -> str:
    wrong = _zero_rows(ref) & (diff > atol)
    if not wrong.any():
        return ""
    row = tuple(int(i) for i in np.argwhere(wrong)[0][:-1])
    return f"; row {row} {EMPTY_ROW}"


def matches(got: np.ndarray, variant: np.ndarray, dtype_name: str) -> tuple[bool, float]:
    """Does the output equal a wrong variant (same non-finite pattern, finite values close)?"""
    if got.shape != variant.shape:
        return False, float("inf")
    g = got.astype(np.float64)
    if not np.array_equal(np.isfinite(g), np.isfinite(variant)):
        return False, float("inf")
    fin = np.isfinite(variant)
    if not np.array_equal(g[~fin], variant[~fin]) and not np.all(np.isnan(g[~fin]) & np.isnan(variant[~fin])):
        return False, float("inf")
    rtol, atol = TOLERANCE.get(dtype_name, TOLERANCE["float32"])
    # the variant is computed once in float64; a learner's float32 arithmetic on saturated softmaxes
    # drifts further from it than assert_close allows, while different mistakes differ by O(1)
    rtol, atol = max(rtol, 1e-3), max(atol, 1e-4)
    d = np.abs(g[fin] - variant[fin])
    return bool(np.all(d <= atol + rtol * np.abs(variant[fin]))), float(d.sum(initial=0.0))
