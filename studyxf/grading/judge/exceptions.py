"""What the exceptions of a failing submission have in common, and the usual cause of the common
ones, read from the exception's type and text (NumPy's and torch's wordings)."""

from __future__ import annotations

import re

SWAP_LAST_TWO = "np.swapaxes(k, -1, -2) in NumPy, k.transpose(-2, -1) in torch"

# (what the text says, the usual cause and its fix); the first that matches is said, where the
# shapes at the failing line agree with it (`_agrees`)
CAUSES = [
    (re.compile(r"axes don't match array|number of dims don't match in permute|Dimension out of range"),
     "An axis named by number (transpose(0, 2, 1), permute(0, 2, 1), transpose(1, 2)) assumes a fixed "
     "number of axes, but the inputs may have any number of leading axes (...): count from the end, "
     f"as in {SWAP_LAST_TWO}."),
    (re.compile(r"numpy boolean (subtract|negative)"),
     "The mask is boolean (True = may attend), and - is not defined on booleans: invert it with ~mask, or "
     "mask the scores with np.where(mask, s, -np.inf)."),
    (re.compile(r"matmul: Input operand 1 has a mismatch in its core dimension|mat1 and mat2 shapes cannot be "
                r"multiplied|Expected size for first two dimensions of batch2 tensor|size mismatch, got input"),
     "A matrix product whose inner sizes differ: a @ b needs a's last axis as long as b's second-to-last. "
     f"In attention, q @ k^T needs k's last two axes swapped ({SWAP_LAST_TWO}); .T and np.transpose(k) "
     "reverse every axis of a batched array, not the last two."),
    (re.compile(r"view size is not compatible with input tensor's size and stride"),
     ".view() reads the tensor's memory in its order, and a transpose or permute changes only the strides: "
     "reshape it instead (y.transpose(1, 2).reshape(B, T, C)), or call .contiguous() before .view()."),
    (re.compile(r"too many values to unpack \(expected \d\)|not enough values to unpack"),
     "split(n, dim) and np.split(x, n) differ: torch's split takes the size of each chunk (qkv.split(d_model, "
     "dim=-1) gives three chunks of d_model), torch.chunk and np.split take how many chunks (qkv.chunk(3, dim=-1))."),
    (re.compile(r"arange's range must be a power of 2"),
     "tl.arange needs a power-of-two length: make the block triton.next_power_of_2(n_cols) and mask the lanes past "
     "the row's end (mask=cols < n_cols, other=-inf for a max)."),
    (re.compile(r"a leaf Variable that requires grad is being used in an in-place operation"),
     "An in-place operation (x += ..., x.add_(...), x[...] = ...) on a tensor that requires grad (the input x or a "
     "parameter): autograd cannot keep it, and an input edited in place is the caller's tensor too. Write x = x + ... "
     "(a new tensor)."),
    (re.compile(r"(max|min)\(\) (arg is an|iterable argument is) empty"),
     "max() or min() of an empty sequence: an empty input leaves nothing to compare. Give it the empty "
     "input's answer, max(values, default=0), or keep a running best that starts at 0."),
    (re.compile(r"masked_fill_? only supports boolean masks"),
     "masked_fill takes a boolean mask, True where the score is replaced, and this one holds numbers (torch.ones(T, "
     "T).triu(1) and torch.tril(torch.ones(T, T)) are float): build it with dtype=torch.bool, or compare "
     "(tril == 0), minding which positions are True."),
]
DECISIVE = (5, 6, 7, 8)  # CAUSES whose message alone names the cause
BROADCAST = ("must match the size", "could not be broadcast", "broadcast", "shape")
KEEPDIMS = ("A reduction without keepdims dropped the axis it reduced ({a} against {b}): keep it with "
            "keepdims=True (torch: keepdim=True), so a mean or max over the last axis has shape (..., 1) and "
            "broadcasts along it.")


def _shapes(text: str) -> list[tuple[int, ...]]:
    """NumPy's 'could not be broadcast together with shapes (2,5,5) (2,5)'."""
    return [tuple(int(n) for n in group.split(",") if n.strip())
            for group in re.findall(r"\(([\d,\s]*)\)", text.partition("shapes")[2])]


def _dropped_last_axis(text: str, shapes: list, shape: tuple) -> tuple | None:
    """The two shapes when a (..., T, D) array met its reduction over the last axis, (..., T):
    NumPy names both shapes (`shapes`); torch names the sizes that clash ('tensor a (16) ...
    tensor b (5)'), read against the input's `shape`."""
    if len(shapes) == 2:
        a, b = sorted(shapes, key=len, reverse=True)
        return (a, b) if len(a) == len(b) + 1 and a[:-1] == b else None
    sizes = re.search(r"size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\)", text)
    if sizes and len(shape) >= 2 and {int(sizes[1]), int(sizes[2])} == {shape[-1], shape[-2]} \
            and shape[-1] != shape[-2]:
        return shape, shape[:-1]
    return None


def _used(at: dict) -> dict:
    """The shapes of the names the failing line uses."""
    names = set(re.findall(r"[A-Za-z_]\w*", at.get("code") or ""))
    return {k: tuple(v) for k, v in (at.get("shapes") or {}).items() if k in names}


def _agrees(index: int, at: dict | None, has_mask: bool) -> bool:
    """Does the advice fit what the learner's line held? The matrix-product advice (swap k's last two
    axes) needs two arrays on the line whose last axes are equal where a transpose would line
    them up; without a trace, the advice stands as before."""
    if at is not None and index == 3:  # the line must view what it has (not a view elsewhere)
        return ".view(" in at.get("code", "")
    if at is not None and index == 4:  # an unpacking of a split on the failing line
        return bool(re.search(r"\.split\(|\.chunk\(|np\.split\(", at.get("code", "")))
    if at is None or index != 2:
        return True
    pairs = _matmul_operands(at)
    if pairs is not None:  # the line's own products: the advice fits only an operand pair it names
        return any(_transposable(a, b) for a, b in pairs)
    shapes = list(_used(at).values())
    # batched operands (the advice is about k^T of a (..., T, d) array; a 2-D weight has its own reading)
    return any(_transposable(a, b) for a in shapes for b in shapes if a is not b)


def _transposable(a: tuple, b: tuple) -> bool:
    """Two batched operands whose last axes are equal where a transpose of b would line them up."""
    return len(a) >= 3 and len(b) >= 3 and a[-1] == b[-1] and a[-1] != b[-2]


def _matmul_operands(at: dict) -> list[tuple] | None:
    """The shapes of the two operands of each product (`a @ b`, np.matmul / torch.matmul / bmm) on
    the failing line, where an operand is a name traced there, or that name transposed (k.T,
    np.swapaxes(k, ...), k.transpose(...)): the name's own shape. An operand computed otherwise (a
    slice v[..., s:e, :], a product) has no known shape, and its pair says nothing. None when the
    line does not parse (a statement over several lines) or makes no product."""
    import ast

    try:
        tree = ast.parse(at.get("code") or "")
    except SyntaxError:
        return None
    shapes = {k: tuple(v) for k, v in (at.get("shapes") or {}).items()}

    def shape(node):
        if isinstance(node, ast.Name):
            return shapes.get(node.id)
        if isinstance(node, ast.Attribute) and node.attr in ("T", "mT") and isinstance(node.value, ast.Name):
            return shapes.get(node.value.id)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "transpose", "swapaxes", "permute"):
            target = node.func.value if not node.args or not isinstance(node.func.value, (ast.Name, ast.Attribute)) \
                or isinstance(node.func.value, ast.Name) and node.func.value.id in shapes else node.args[0]
            return shapes.get(target.id) if isinstance(target, ast.Name) else None
        return None

    pairs, products = [], 0
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            left, right = node.left, node.right
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "matmul", "bmm") and len(node.args) == 2:
            left, right = node.args
        else:
            continue
        products += 1
        a, b = shape(left), shape(right)
        if a is not None and b is not None:
            pairs.append((a, b))
    return pairs if products else None


def _weight_reading(at: dict | None) -> str | None:
    """A 2-D weight used the other way on the failing line, read from the code and the shapes:
    `w.T` where w is (in, out) and applied as x @ w, or F.linear(x, w) (which computes x @ w.T)."""
    if not at:
        return None
    used, code = _used(at), at.get("code") or ""
    for name, shape in used.items():
        if len(shape) != 2:
            continue
        others = [s for n, s in used.items() if n != name and len(s) >= 2]
        fits = any(s[-1] == shape[0] for s in others)
        if re.search(rf"\b{re.escape(name)}\.T\b", code) and fits and shape[0] != shape[1]:
            return (f"{name} is {shape} and is applied as x @ {name} (its first axis matches the input's last); "
                    f"{name}.T makes it {shape[::-1]}, which does not fit: drop the .T")
        if re.search(rf"linear\([^)]*\b{re.escape(name)}\b", code) and fits and shape[0] != shape[1]:
            return (f"F.linear(x, w, b) computes x @ w.T + b (nn.Linear's (out, in) layout), but {name} is given as "
                    f"(in, out) = {shape}, applied as x @ {name}: write x @ {name} (+ the bias)")
    return None


def _first_axes_swapped(at: dict | None) -> str | None:
    """`k.transpose(0, 1)` (or `.t()`, `np.transpose(k, (1, 0))`) on a batched array: written for a
    2-D k, it swaps the batch axes, not the last two that q @ k^T needs."""
    if not at:
        return None
    code = at.get("code") or ""
    for name, shape in _used(at).items():
        if len(shape) >= 3 and re.search(rf"\b{re.escape(name)}\.(transpose\(\s*0\s*,\s*1\s*\)|t\(\))", code):
            swapped = (shape[1], shape[0], *shape[2:])
            return (f"{name}.transpose(0, 1) swaps {name}'s first two axes ({tuple(shape)} becomes {swapped}): right "
                    f"for a 2-D {name}, but q @ k^T needs the last two swapped whatever the leading axes: "
                    f"{name}.transpose(-2, -1)")
    return None


def _shapes_said(at: dict) -> str:
    used = _used(at)
    shown = ", ".join(f"{k} {v}" for k, v in used.items())
    return f", at line {at['line']}: `{at['code']}`" + (f": there {shown}" if shown else "")


def explain(raised: list[tuple], at: dict | None = None) -> tuple[str, bool]:
    """raised: (type, first line of the text, the first case's name, whether it had a mask, the shape
    of its first input) each; at: where the first one raised in the learner's file ({"line",
    "code", "shapes"}), when traced. Returns the text and whether it names a cause that the shapes
    at the failing line agree with."""
    kind, text, first, has_mask, shape = raised[0]
    said = f"{len(raised)} case(s) raised {kind}, first in '{first}': {text[:200].rstrip('.')}"
    if at:
        said += _shapes_said(at)
    if kind == "NotImplementedError":
        return said + ". The starter's stub is still there: write the function's body.", True
    weight = _weight_reading(at) or _first_axes_swapped(at)
    if weight:  # the cause first, at its line, then what was raised
        return f"line {at['line']}: `{at['code']}`: {weight}. {said}.", True
    from studyxf.grading.judge import crash_shapes

    plain = said  # before a reading of two operands, which a line mixing * and @ does not name right
    reading = crash_shapes.read(text, _used(at)) if at else None  # which operand, which axis
    if reading:
        said += f". {reading}"
    for index, (pattern, cause) in enumerate(CAUSES):
        if pattern.search(text):
            agrees = _agrees(index, at, has_mask) and not crash_shapes.already_written(cause, at)
            if reading and index == 2 and not crash_shapes.transpose_meant(at):
                return said + ".", False  # the operands and axes said; the pattern's advice (k^T) fits no fact here
            # a message that names its cause whatever the line holds (tl.arange's power of two, an in-place
            # edit of a leaf, max() of nothing) is verified by itself
            decisive = index in DECISIVE
            return (f"{said}. {cause}", at is not None or decisive) if agrees else (said + ".", False)
    if any(w in text for w in BROADCAST):
        shapes = crash_shapes.numpy_shapes(text) or _shapes(text)
        dropped = _dropped_last_axis(text, shapes, shape)
        if dropped:
            return f"{said}. " + KEEPDIMS.format(a=dropped[0], b=dropped[1]), True
        masks = [v for k, v in (_used(at) if at else {}).items() if "mask" in k]
        scores = [v for k, v in (_used(at) if at else {}).items() if "mask" not in k]
        # a (B, T, T) mask exactly (the scores without their head axis), not one already given a new axis
        head_axis_missing = has_mask and (at is None or any(
            len(s) == 4 and tuple(m) == (s[0], s[2], s[3]) for m in masks for s in scores))
        hint = (" A mask (B, T, T) against scores (B, H, T, T) needs a head axis: mask[:, None]."
                if head_axis_missing else "")
        code = (at or {}).get("code", "")
        if not hint and has_mask and re.search(r"\[:, None\]|unsqueeze\(1\)", code) and any(
                len(s) == 4 and tuple(m) == (s[2], s[3]) for m in masks for s in scores):
            hint = (" A (T, T) mask broadcasts against (B, H, T, T) scores as it is; mask[:, None] makes it (T, 1, T), "
                    "which lines its rows up with the batch axis: add the head axis only to a (B, T, T) mask.")
            head_axis_missing = True
        # a (B, T, T) mask given its new axis in front: (1, B, T, T) lines the batch up with the heads
        if not hint and has_mask and any(len(m) == 4 and m[0] == 1 and len(s) == 4 and (m[1], m[2], m[3]) ==
                                         (s[0], s[2], s[3]) and m[1] != s[1] for m in masks for s in scores):
            hint = (" The mask got its new axis in front (1, B, T, T), which lines its batch up with the heads axis: "
                    "the head axis goes second, mask[:, None] (B, 1, T, T).")
            head_axis_missing = True
        torch_last = re.search(r"size of tensor a \((\d+)\) must match the size of tensor b \((\d+)\) at "
                               r"non-singleton dimension", text)
        if torch_last and at is not None and not hint and crash_shapes.unparenthesised_product(at):
            return (plain + ". That line mixes * and @ without parentheses: they share one precedence and run left "
                    "to right, so g * x @ w is (g * x) @ w, whose sizes do not fit: write g * (x @ w)."), True
        if len(shapes) == 2 and len(shapes[0]) == len(shapes[1]) and shapes[0][:-1] == shapes[1][:-1] \
                and crash_shapes.unparenthesised_product(at):
            hint += (" Only the last axes differ: if that line mixes * and @, they share one precedence and run "
                     "left to right, so g * x @ w is (g * x) @ w: write g * (x @ w).")
        axis_named = bool(reading) and "give it that axis" in reading
        if axis_named:
            hint = ""  # the reading names the operand and the axis it is without
        told = "" if reading else ". Two shapes that do not line up: print the shapes on the failing line."
        return said + (told or ".") + hint, \
            (bool(hint) or axis_named) and at is not None and head_axis_missing
    return said + ".", False
