"""A crash read from the shapes the failing line's names held (trace.py's raised_at): which operand
and which axis a broadcast, a matrix product or a reshape could not fit, for any drill, from
NumPy's and torch's wordings. Facts only: operands named where a traced shape is the one the
message gives, and no advice that the learner's line already follows."""

from __future__ import annotations

import math
import re


def _nums(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def _shape(s) -> str:
    return "(" + ", ".join(map(str, s)) + ("," if len(s) == 1 else "") + ")"


def read(text: str, used: dict) -> str | None:
    """used: {name: shape} of the names on the failing line. The operands and axis, or None."""
    for fn in (_broadcast_numpy, _broadcast_torch, _matmul, _reshape, _empty):
        said = fn(text, used)
        if said:
            return said
    return None


def _named(shape: tuple, used: dict, taken: set = frozenset()) -> str | None:
    return next((n for n, s in used.items() if tuple(s) == tuple(shape) and n not in taken), None)


def _axes_apart(a: tuple, b: tuple) -> list[tuple[int, int, int]]:
    """Axes (counted from the end) where a and b are neither equal nor 1: (axis, a's size, b's)."""
    out = []
    for k in range(1, min(len(a), len(b)) + 1):
        if a[-k] != b[-k] and a[-k] != 1 and b[-k] != 1:
            out.append((-k, a[-k], b[-k]))
    return out


def _missing_axis(long: tuple, short: tuple) -> int | None:
    """The axis of `long` that `short` is without (short == long with one axis removed), not the last."""
    if len(long) != len(short) + 1:
        return None
    for p in reversed(range(len(long))):  # the last axis first: a reduction without keepdims
        if long[:p] + long[p + 1:] == short:
            return p
    return None


def _pair(a: tuple, b: tuple, used: dict) -> str:
    na = _named(a, used)
    nb = _named(b, used, {na} if na else set())
    apart = _axes_apart(a, b)
    A = f"`{na}` {_shape(a)}" if na else f"an operand {_shape(a)}"
    B = f"`{nb}` {_shape(b)}" if nb else f"an operand {_shape(b)}"
    said = f"{A} and {B} do not broadcast: aligned from the last axis, " + "; ".join(
        f"axis {k} is {x} in one and {y} in the other" for k, x, y in apart) + " (sizes must be equal or 1)"
    long, short, ns = (a, b, nb) if len(a) > len(b) else (b, a, na)
    p = _missing_axis(long, short)
    if p is not None and p < len(long) - 1 and ns:
        index = ", ".join([":"] * p + ["None"])
        said += (f". {_shape(short)} is {_shape(long)} without its axis {p} (of {long[p]}): give it that axis, "
                 f"`{ns}[{index}]`, so the axes after it line up")
    return said


def numpy_shapes(text: str) -> list[tuple[int, ...]]:
    """The operands' shapes NumPy names: 'with shapes (2,5,5) (2,5)', or, for a ufunc given out= or
    where=, 'with remapped shapes [original->remapped]: (2,5,5)->(2,5,5) (2,5)->(2,5)' (the originals)."""
    if "could not be broadcast" not in text:
        return []
    rest = text.partition("shapes")[2]
    if "->" in rest:
        rest = " ".join(re.findall(r"\(([\d,\s]*)\)->", rest.partition("]")[2]))
        rest = " ".join(f"({g})" for g in rest.split(" ") if g) if rest else ""
        groups = re.findall(r"\(([\d,\s]*)\)", rest)
    else:
        groups = re.findall(r"\(([\d,\s]*)\)", rest)
    shapes = [tuple(int(n) for n in g.split(",") if n.strip()) for g in groups]
    return list(dict.fromkeys(s for s in shapes if s))  # out= repeats an operand's shape


def _broadcast_numpy(text: str, used: dict) -> str | None:
    groups = numpy_shapes(text)
    if len(groups) < 2 or "newaxis" in text:  # a product's batch axes (its core axes are no broadcast's)
        return None
    return _pair(groups[0], groups[1], used)


def _broadcast_torch(text: str, used: dict) -> str | None:
    m = re.search(r"size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) at non-singleton "
                  r"dimension (\d+)", text)
    if not m:
        return None
    sa, sb, dim = int(m[1]), int(m[2]), int(m[3])
    shapes = [tuple(s) for s in used.values()]
    nd = max((len(s) for s in shapes), default=0)
    for a in shapes:
        for b in shapes:
            if a is b:
                continue
            ia, ib = dim - (nd - len(a)), dim - (nd - len(b))
            if 0 <= ia < len(a) and 0 <= ib < len(b) and a[ia] == sa and b[ib] == sb:
                return _pair(a, b, used)
    return None


def _matmul(text: str, used: dict) -> str | None:
    inner = None
    m = re.search(r"mat1 and mat2 shapes cannot be multiplied \((\d+)x(\d+) and (\d+)x(\d+)\)", text)
    if m:
        inner = (int(m[2]), int(m[3]))
    m = m or re.search(r"core dimension \d+.*\(size (\d+) is different from (\d+)\)", text)
    if inner is None and m:
        inner = (int(m[2]), int(m[1]))  # NumPy: operand 1's size, then operand 0's
    b = re.search(r"batch2 tensor to be: \[(\d+), (\d+)\] but got: \[(\d+), (\d+)\]", text)
    if inner is None and b:
        inner = (int(b[2]), int(b[4]))  # torch's bmm: batch1's last axis, batch2's second-to-last
    if inner is None:
        return None
    shapes = [(n, tuple(s)) for n, s in used.items() if len(s) >= 1]
    for na, a in shapes:
        for nb, b in shapes:
            if na == nb or len(b) < 2:
                continue
            if a[-1] == inner[0] and b[-2] == inner[1]:
                said = (f"`{na}` {_shape(a)} @ `{nb}` {_shape(b)}: the product needs {na}'s last axis ({a[-1]}) as "
                        f"long as {nb}'s second-to-last ({b[-2]})")
                return said
    return None


def _reshape(text: str, used: dict) -> str | None:
    m = re.search(r"cannot reshape array of size (\d+) into shape \(([^)]*)\)", text) or \
        re.search(r"shape '\[([^\]]*)\]' is invalid for input of size (\d+)", text)
    if not m:
        return None
    if text.startswith("shape") or "invalid for input" in text:
        target, size = m[1], int(m[2])
    else:
        size, target = int(m[1]), m[2]
    sizes = [int(t) for t in re.findall(r"-?\d+", target)]
    held = [(n, tuple(s)) for n, s in used.items() if math.prod(s) == size]
    if len(held) != 1:
        return None
    name, shape = held[0]
    want = math.prod(s for s in sizes if s > 0)
    said = f"`{name}` is {_shape(shape)} here, {size} elements"
    if -1 not in sizes:
        said += f", and the shape {_shape(sizes)} holds {want}"
        if want and size % want == 0 and size // want > 1:
            said += f": {name} has {size // want} times the elements that shape needs"
    else:
        said += f", which does not divide into the sizes {_shape(sizes)} give ({want})"
    return said


def _empty(text: str, used: dict) -> str | None:
    if "zero-size array" not in text and "numel() == 0" not in text and "empty" not in text:
        return None
    empty = [(n, tuple(s)) for n, s in used.items() if 0 in tuple(s)]
    if not empty:
        return None
    name, shape = empty[0]
    axis = max(i for i, s in enumerate(shape) if s == 0) - len(shape)
    return f"`{name}` is {_shape(shape)} here: its axis {axis} has length 0, so there is nothing to reduce over"


SPELLINGS = {"swapaxes": ["swapaxes", ".transpose(-2, -1)", ".transpose(-1, -2)", ".mT", "transpose(0, 1, 3, 2)"]}


def already_written(cause: str, at: dict | None) -> bool:
    """Advice whose fix the failing line already has (a swap of the last two axes, written)."""
    code = (at or {}).get("code") or ""
    return "swapped" in cause and any(s in code for s in SPELLINGS["swapaxes"])


def unparenthesised_product(at: dict | None) -> bool:
    """The line has `a * b @ c` with no parentheses around b @ c (where the precedence hint applies);
    without a trace, it may."""
    if not at:
        return True
    code = at.get("code") or ""
    return bool(re.search(r"\*\s*[\w.\[\]]+\s*@", code))


def transpose_meant(at: dict | None) -> bool:
    """A product on the failing line where a transpose of the last two axes is what fits: the line
    tries one (.T, transpose, permute) or multiplies two arrays of one shape (q @ k for q @ k^T)."""
    code = (at or {}).get("code") or ""
    if re.search(r"\.T\b|transpose\(|permute\(", code):
        return True
    shapes = [tuple(v) for k, v in (at or {}).get("shapes", {}).items()
              if re.search(rf"\b{re.escape(k)}\b", code) and len(v) >= 2]
    return any(a == b and a[-1] != a[-2] for i, a in enumerate(shapes) for b in shapes[i + 1:])
