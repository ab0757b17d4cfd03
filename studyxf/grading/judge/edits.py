"""The one-place edits a tensor drill's slip is most often one of (an axis or the axis a shape is
read from, keepdims, a transpose, a comparison, a triangle or its diagonal, one input or local for
another, one layer of a module for another, two names of an unpacking swapped, a new axis in the
wrong place, a line that treats its array otherwise than the line beside it treats another, a
function for its twin, a function applied where none belongs, a square root or a norm, an exponent's
sign, a mean squared for a mean of squares, a square for an absolute value, an operator or its
sides, a term that does not belong or a factor twice, parentheses missing or a factor on the wrong
term, a constant or a range one off, positions local to a block, an einsum's axis, a calculator's
bits for bytes, a keyword that changes the statistic, an unused input added, a result thrown away, a
running max started at 0, a number written for an argument, a count of axes for a size, a term
taken into an operand's parentheses, a reshape's sizes swapped or its axes of 1 misplaced, a named
constant's reciprocal, a loop's running value set afresh where its update belongs, a block's start
written as its index, the other triangle, a permutation's neighbours or a view's sizes with the permute
after it, GELU's approximate=, a layer applied where its input belongs, halves concatenated where pairs
interleave or angles tiled where each repeats, a shift scaled with the product, two products' factors
crossed, a second name for an input then written into, a cast to a fixed dtype, an int given where a
size was computed, the inputs returned or written into where their copies belong), listed
from the learner's own file for the judge to try in the sandbox (repair.py). Generic: no catalogue
entry."""

from __future__ import annotations

import ast
import math
import re
import types
from collections import Counter
from itertools import combinations

from studyxf.grading.judge.mend import applied

REDUCTIONS = {"max", "min", "amax", "amin", "sum", "mean", "var", "std", "logsumexp", "nansum", "nanmax", "prod",
              "norm", "vector_norm", "nanmean", "median"}
AXIS_TAKERS = REDUCTIONS | {"softmax", "log_softmax", "cumsum", "argmax", "argmin", "concatenate", "cat", "stack",
                            "split", "flip", "roll", "expand_dims", "unsqueeze", "squeeze", "repeat",
                            "repeat_interleave", "size"}
AXES = (-1, -2, 0, 1, -3)
TWINS = {"max": "min", "min": "max", "amax": "amin", "amin": "amax", "maximum": "minimum", "minimum": "maximum",
         "sin": "cos", "cos": "sin", "tril": "triu", "triu": "tril", "sum": "mean", "mean": "sum", "log10": "log",
         "log2": "log", "ones_like": "zeros_like", "zeros_like": "ones_like", "ones": "zeros", "zeros": "ones",
         "repeat_interleave": "repeat", "tile": "repeat",
         # the drills' MLP is the exact GELU (swiglu's own silu is never edited into a pass)
         "silu": "gelu", "SiLU": "GELU", "relu": "gelu", "ReLU": "GELU",
         "exp": "exp2", "exp2": "exp", "tanh": "sigmoid", "std": "var", "var": "std", "sqrt": "rsqrt", "rsqrt": "sqrt",
         "selu": "silu", "SELU": "SiLU", "elu": "gelu", "ELU": "GELU"}
ACTIVATIONS = {"gelu", "relu", "silu", "tanh", "sigmoid", "softmax", "GELU", "ReLU", "SiLU"}
STATISTIC_KEYWORDS = {"ddof", "unbiased", "correction"}  # a variance's divisor
FLIPPED = {ast.Lt: (">", "<=", ">="), ast.LtE: ("<", ">=", ">"), ast.Gt: ("<", ">=", "<="),
           ast.GtE: (">", "<=", "<"), ast.Eq: ("!=",), ast.NotEq: ("==",)}
OPERATOR = {ast.Add: "-", ast.Sub: "+", ast.Mult: "/", ast.Div: "*", ast.FloorDiv: "/"}
ALSO = {ast.Add: "*", ast.Mult: "**"}  # a second operator tried: a gate added to what it multiplies, x * 2
SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.MatMult: "@", ast.Pow: "**", ast.FloorDiv: "//",
          ast.Mod: "%"}
MODULES = {"np", "numpy", "torch", "math", "F", "nn", "tl", "triton"}
SIBLING_DTYPES = {"fp16": "bf16", "bf16": "fp16", "float16": "bfloat16", "bfloat16": "float16"}  # 2 bytes each
MAX_EDITS = 320  # each tried on the smallest failing case: about 1 ms in the sandbox


def _int(node) -> int | None:
    """The node's value where it is an int written as a literal (-1 included)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) is int:
        return -node.operand.value
    return None


def _number(node) -> float | None:
    """A literal number's value (-0.5 included), else None."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) in (int, float):
        return -node.operand.value
    return None


def _moved_before(value) -> bool:
    """Whether an array's axes were moved (or flattened) just before a reshape: `y.transpose(1, 2).contiguous()`,
    not a bare `y.contiguous()`, whose head axis still stands before the positions."""
    while isinstance(value, ast.Call) and _name(value.func) in ("contiguous", "clone", "copy") and \
            isinstance(value.func, ast.Attribute):
        value = value.func.value
    return isinstance(value, ast.Call) and _name(value.func) in ("transpose", "permute", "swapaxes", "moveaxis",
                                                                 "flatten")


def _name(func) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


class _Lister:
    def __init__(self, source: str, framework: str):
        self.lines = source.splitlines(keepends=True)
        self.torch = framework == "torch"
        self.out: list[dict] = []
        self.seen: set[str] = set()
        self.defined: set[str] = set()  # the file's own functions (a gelu it wrote)
        self.loops: list[str] = []  # the loop variables of `for j0 in range(0, T, block)`, over blocks
        self.bounds: set[int] = set()  # the ids of range() and arange() arguments

    def text(self, node) -> str:
        raw = self.lines[node.lineno - 1].encode()
        return raw[node.col_offset:node.end_col_offset].decode()

    def group(self, node) -> str:
        """The node's text as an operand: in parentheses where it is itself an operation (the
        source's own parentheses lie outside its span: `(var + eps) ** 1/2`'s base reads `var + eps`)."""
        text = self.text(node)
        return f"({text})" if isinstance(node, (ast.BinOp, ast.BoolOp, ast.UnaryOp, ast.Compare, ast.IfExp)) \
            else text

    def add(self, node, new: str, why: str, span: tuple | None = None, rank: int = 2) -> None:
        """`node` (or the byte span given, on its line) written as `new`; `rank`: how often a
        learner's slip is this edit (0 most often), the order they are tried in."""
        if node.lineno != node.end_lineno:
            return
        span = span or (node.lineno, node.col_offset, node.end_col_offset)
        raw = self.lines[span[0] - 1].encode()
        was = raw[span[1]:span[2]].decode()
        if was == new:
            return
        source = applied(self.lines, [(span, new)])
        if source in self.seen:
            return
        self.seen.add(source)
        self.out.append({"line": span[0], "code": self.lines[span[0] - 1].strip(), "was": was, "now": new,
                         "why": why, "span": span, "source": source, "rank": rank})

    def call(self, node: ast.Call) -> None:
        name = _name(node.func)
        method = isinstance(node.func, ast.Attribute) and not (
            isinstance(node.func.value, ast.Name) and node.func.value.id in MODULES)
        # np.split(x, 2, axis=-1), x.chunk(2, dim=-1): the two halves where the interleaved pairs belong (RoPE)
        halves = (node.args[0] if not method and node.args else node.func.value if method else None)
        if name in ("split", "chunk", "array_split") and halves is not None and \
                _int(node.args[1 if not method else 0] if len(node.args) > (1 if not method else 0) else None) == 2:
            x = self.group(halves)
            self.add(node, f"({x}[..., 0::2], {x}[..., 1::2])", "takes the two halves where the interleaved pairs "
                     "(x[2i], x[2i + 1]) belong", rank=2)
        if name in ("masked_fill", "masked_fill_") and method and node.args:  # the mask the other way round
            cond = node.args[0]
            if isinstance(cond, ast.UnaryOp) and isinstance(cond.op, ast.Invert):
                self.add(cond, self.text(cond.operand), "fills where the mask allows (the mask inverted)", rank=2)
            elif isinstance(cond, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
                self.add(cond, f"~{self.text(cond)}", "fills where the mask allows (the mask inverted)", rank=2)
        if name == "stride" and method and len(node.args) == 1 and _int(node.args[0]) in (0, 1, 2, 3, -1, -2) and \
                node.lineno == node.end_lineno:
            # x.stride(1) where x.stride(0) belongs: the column stride passed as the row stride (a (B, H, T, d)
            # tensor's stride(3) for its rows' stride(2))
            other = {0: 1, 1: 0, 2: 3, 3: 2, -1: -2, -2: -1}[_int(node.args[0])]
            self.add(node.args[0], str(other), f"reads the stride of axis {_int(node.args[0])} where axis {other}'s "
                     f"belongs", rank=2)
        if name == "where" and len(node.args) == 3 and not node.keywords and node.lineno == node.end_lineno:
            # where(mask, 0.0, e): the two branches the other way round (the mask's lanes zeroed, the rest kept)
            _, a, b = node.args
            lead = self.lines[node.lineno - 1].encode()[node.col_offset:a.col_offset].decode()  # (offsets in bytes)
            self.add(node, f"{lead}{self.text(b)}, {self.text(a)})",
                     "takes each branch where the other belongs (the condition inverted)", rank=2)
        if name == "dot" and len(node.args) == 3 and node.lineno == node.end_lineno:
            # `acc += tl.dot(a, b, acc)`: tl.dot adds its third argument already, so the sum counts it twice
            a, b, c = node.args
            raw = self.lines[node.lineno - 1].encode()
            lead, tail = raw[node.col_offset:a.col_offset].decode(), raw[c.end_col_offset:node.end_col_offset].decode()
            self.add(node, f"{lead}{self.text(a)}, {self.text(b)}{tail}", f"adds {self.text(c)} inside tl.dot "
                     "where the sum around it adds it already", rank=2)
        if name in ("dot", "matmul", "mm", "bmm") and len(node.args) == 2 and node.lineno == node.end_lineno:
            # tl.dot(b, a) for tl.dot(a, b): the product's factors the other way round (square tiles let it run)
            a, b = node.args
            raw = self.lines[node.lineno - 1].encode()
            lead, tail = raw[node.col_offset:a.col_offset].decode(), raw[b.end_col_offset:node.end_col_offset].decode()
            self.add(node, f"{lead}{self.text(b)}, {self.text(a)}{tail}", "multiplies its two factors the other "
                     "way round", rank=3)
        words = {k.arg: k for k in node.keywords}
        axis = words.get("axis") or words.get("dim")
        if axis is None and name in AXIS_TAKERS:  # the axis given by position
            at = 0 if method else 1
            if len(node.args) > at and _int(node.args[at]) is not None:
                axis = node.args[at]
        elif axis is not None:
            axis = axis.value
        if axis is not None and _int(axis) is not None:
            likely = -2 if _int(axis) == -1 else -1
            for a in AXES:
                if a != _int(axis):
                    self.add(axis, str(a), f"works along axis {_int(axis)} where axis {a} belongs",
                             rank=1 if a == likely else 3)
        # an exponent's sign lost or doubled (z / (1 + exp(z)) for a sigmoid's exp(-z))
        if name in ("exp", "exp2", "expm1") and len(node.args) == 1 and not node.keywords and not (
                isinstance(node.args[0], ast.BinOp) and isinstance(node.args[0].op, ast.Sub)):  # a - b: swapped
            arg = node.args[0]
            flipped = self.text(arg.operand) if isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.USub) \
                else "-" + self.group(arg)
            self.add(arg, flipped, "has the exponent's sign the other way round", rank=2)
        # dropout left on (F.dropout's training flag is True by default; a module's self.drop(x)): the
        # values without it, so that a slip beside the randomness can be found
        if node.args and len(node.args) + len(node.keywords) <= 3 and (
                name == "dropout" or isinstance(node.func, ast.Attribute) and "drop" in node.func.attr.lower()):
            self.add(node, self.group(node.args[0]), "draws at random (dropout is on unless training=False is "
                     "passed): the output must not depend on chance", rank=0)
        # the axes of 1 a reshape adds, placed for another axis (slopes.view(1, -1, 1) where (-1, 1, 1)
        # puts the heads first): the same sizes, the ones elsewhere
        if name in ("reshape", "view") and method and 2 <= len(node.args) <= 4 and not node.keywords and \
                node.lineno == node.end_lineno and all(isinstance(a, (ast.Constant, ast.Name, ast.UnaryOp))
                                                       for a in node.args):
            args = [self.text(a) for a in node.args]
            others = [a for a in args if a != "1"]
            if 0 < len(others) < len(args):
                span = (node.lineno, node.args[0].col_offset, node.args[-1].end_col_offset)
                for places in combinations(range(len(args)), len(others)):
                    new = ["1"] * len(args)
                    for at, a in zip(places, others):
                        new[at] = a
                    if new != args:
                        self.add(node, ", ".join(new), "places the axes of 1 where the other axes belong", span=span,
                                 rank=2)
        # the sizes an axis is unflattened into, in each other's place (unflatten(-1, (dh, n_heads)))
        if name == "unflatten" and len(node.args) == 2 and isinstance(node.args[1], (ast.Tuple, ast.List)) and \
                2 <= len(node.args[1].elts) <= 4 and node.lineno == node.end_lineno:
            sizes = [self.text(e) for e in node.args[1].elts]
            span = (node.lineno, node.args[1].elts[0].col_offset, node.args[1].elts[-1].end_col_offset)
            for a in range(len(sizes) - 1):
                if sizes[a] != sizes[a + 1]:
                    new = sizes[:a] + [sizes[a + 1], sizes[a]] + sizes[a + 2:]
                    self.add(node, ", ".join(new), f"splits the axis as ({sizes[a]}, {sizes[a + 1]}) where "
                                                   f"({sizes[a + 1]}, {sizes[a]}) belongs", span=span, rank=2)
        # two neighbouring sizes of a reshape in each other's place ((B, T, d // h, h) for (B, T, h, d // h))
        if name in ("reshape", "view") and method and 2 <= len(node.args) <= 5 and not node.keywords and \
                node.lineno == node.end_lineno and not any(isinstance(a, ast.Starred) for a in node.args):
            args = [self.text(a) for a in node.args]
            span = (node.lineno, node.args[0].col_offset, node.args[-1].end_col_offset)
            for a in range(len(args) - 1):
                if "1" not in args[a:a + 2] and args[a] != args[a + 1]:
                    new = args[:a] + [args[a + 1], args[a]] + args[a + 2:]
                    self.add(node, ", ".join(new), f"splits the axis as ({args[a]}, {args[a + 1]}) where "
                                                   f"({args[a + 1]}, {args[a]}) belongs", span=span, rank=2)
        # a range of the pairs' count where the even indices belong: arange(0, d // 2) / d for arange(0, d, 2) / d
        if name == "arange" and 1 <= len(node.args) <= 2 and node.lineno == node.end_lineno and \
                isinstance(node.args[-1], ast.BinOp) and isinstance(node.args[-1].op, ast.FloorDiv) and \
                _int(node.args[-1].right) == 2:
            end, lo = node.args[-1], (self.text(node.args[0]) if len(node.args) == 2 else "0")
            self.add(node, self.text(node)[:node.args[0].col_offset - node.col_offset] +
                     f"{lo}, {self.text(end.left)}, 2{self.text(node)[end.end_col_offset - node.col_offset:]}",
                     "counts the pairs 0, 1, 2, ... where their even indices 0, 2, 4, ... belong", rank=2)
        # x.reshape(B, G, Hkv, T, D).transpose(1, 2): an axis split in one order and its two parts swapped, where
        # the split in the other order belongs (query head j on KV head j // G, not j % Hkv)
        inner = node.func.value if method else None
        if name in ("transpose", "swapaxes") and isinstance(inner, ast.Call) and \
                _name(inner.func) in ("reshape", "view") and isinstance(inner.func, ast.Attribute) and \
                len(node.args) == 2 and node.lineno == node.end_lineno and \
                not any(isinstance(a, ast.Starred) for a in inner.args):
            a, b = sorted(_int(x) if _int(x) is not None else 99 for x in node.args)
            args = [self.text(x) for x in inner.args]
            a, b = (a % len(args), b % len(args)) if -len(args) <= a and b < len(args) else (None, None)
            if a is not None and b == a + 1 and args[a] != args[b]:
                args[a], args[b] = args[b], args[a]
                self.add(node, f"{self.group(inner.func.value)}.{_name(inner.func)}({', '.join(args)})",
                         f"splits an axis as ({args[b]}, {args[a]}) and swaps the two, where the split as "
                         f"({args[a]}, {args[b]}) belongs", rank=2)
        # enumerate(nums, 1): indices counted from 1 where 0-based ones belong
        if name == "enumerate" and len(node.args) == 2 and not node.keywords and node.lineno == node.end_lineno:
            self.add(node, f"enumerate({self.text(node.args[0])})", f"counts from {self.text(node.args[1])} where "
                     f"indices start at 0", rank=1)
        # seen.setdefault(c, i) as a statement: the first position kept where the latest belongs
        if name == "setdefault" and method and len(node.args) == 2 and node.lineno == node.end_lineno:
            self.add(node, f"{self.group(node.func.value)}[{self.text(node.args[0])}] = {self.text(node.args[1])}",
                     "keeps the first value stored where the latest belongs", rank=1)
        # a chunk's or a query block's positions counted from 0 (arange(n_q)) where they end with the keys'
        # (bottom right: arange(n_k - n_q, n_k))
        if name == "arange" and len(node.args) == 1 and isinstance(node.args[0], ast.Name) and \
                node.lineno == node.end_lineno:
            q = node.args[0].id
            rest = "".join(f", {self.text(k)}" for k in node.keywords)
            module = self.text(node.func.value) if isinstance(node.func, ast.Attribute) else "np"
            for k in sorted(getattr(self, "lengths", set()) - {q}):
                self.add(node, f"{module}.arange({k} - {q}, {k}{rest})", f"counts the positions of {q} from 0 "
                         f"where they end at {k} (bottom right)", rank=2)
        # heads split or merged by a reshape alone, where the transpose belongs beside it: (B, h, T, dh)
        # reshaped straight to (B, T, d), or (B, T, d) straight to (B, h, T, dh)
        # (one argument: another array's shape, `(p @ V).reshape(x.shape)`, or a tuple of three sizes)
        shaped = len(node.args) == 1 and (isinstance(node.args[0], ast.Attribute) and node.args[0].attr == "shape" or
                                          isinstance(node.args[0], ast.Tuple) and len(node.args[0].elts) == 3)
        if name in ("reshape", "view") and method and (len(node.args) in (3, 4) or shaped) and not node.keywords and \
                node.lineno == node.end_lineno and not any(isinstance(a, ast.Starred) for a in node.args) and \
                not _moved_before(node.func.value):
            value, args = self.group(node.func.value), [self.text(a) for a in node.args]
            if len(args) == 3 or shaped:
                self.add(node, f"{value}.swapaxes(1, 2).reshape({', '.join(args)})",
                         "merges the heads without moving the head axis back next to the features", rank=2)
            elif args[1] != args[2]:
                self.add(node, f"{value}.reshape({', '.join([args[0], args[2], args[1], args[3]])}).swapaxes(1, 2)",
                         "splits the heads without the transpose: positions are mixed into heads", rank=2)
        # two halves concatenated where the pairs interleave (RoPE's partners (-x1, x0) as [-x_odd, x_even]
        # while cos and sin repeat each angle twice): stacked on a new last axis and flattened into it
        if name in ("cat", "concatenate") and not method and len(node.args) >= 1 and \
                isinstance(node.args[0], (ast.Tuple, ast.List)) and len(node.args[0].elts) == 2 and \
                node.lineno == node.end_lineno and axis is not None and _int(axis) == -1:
            a, b = (self.text(e) for e in node.args[0].elts)
            module = self.text(node.func.value) if isinstance(node.func, ast.Attribute) else "np"
            now = f"{module}.stack(({a}, {b}), dim=-1).flatten(-2)" if self.torch else \
                f"{module}.stack(({a}, {b}), axis=-1).reshape(*({a}).shape[:-1], -1)"
            if a != b:
                self.add(node, now, "puts the two halves one after the other where each pair's two values belong "
                                    "side by side (interleaved)", rank=2)
            else:  # cat([ang, ang]) tiles the angles where each belongs twice in a row
                now = f"{self.group(node.args[0].elts[0])}.repeat_interleave(2, dim=-1)" if self.torch else \
                    f"{module}.repeat({a}, 2, axis=-1)"
                self.add(node, now, f"tiles {a} ([a0 .. an, a0 .. an]) where each value belongs twice in a row "
                                    f"([a0, a0, a1, a1 ..])", rank=2)
        # two neighbouring axes of a permutation in each other's place (permute(0, 2, 3, 1) merging the heads
        # where (0, 2, 1, 3) belongs): the axes as ints, given one by one or as one tuple
        order = node.args[-1].elts if len(node.args) in (1, 2) and isinstance(node.args[-1], ast.Tuple) else \
            node.args if method else []
        if name in ("permute", "transpose") and 3 <= len(order) <= 5 and all(_int(a) is not None for a in order) and \
                node.lineno == node.end_lineno and not node.keywords:
            axes = [str(_int(a)) for a in order]
            span = (node.lineno, order[0].col_offset, order[-1].end_col_offset)
            for a in range(len(axes) - 1):
                new = axes[:a] + [axes[a + 1], axes[a]] + axes[a + 2:]
                self.add(node, ", ".join(new), f"puts axis {axes[a]} before axis {axes[a + 1]}, where it belongs "
                                               f"after it", span=span, rank=2)
        # a reshape's two neighbouring sizes swapped, the permute chained on it numbering the axes so
        # (view(B, T, h, 3, d).permute(3, 0, 2, 1, 4) where (B, T, 3, h, d).permute(2, 0, 3, 1, 4) belongs:
        # qkv cut per head): both at once, or the fix of one alone leaves the other wrong
        inner = node.func.value if method else None
        if name in ("permute", "transpose") and order is node.args and isinstance(inner, ast.Call) and \
                _name(inner.func) in ("reshape", "view") and len(inner.args) == len(order) and \
                inner.lineno == node.end_lineno and all(_int(a) is not None for a in order):
            sizes = [self.text(a) for a in inner.args]
            axes = [_int(a) % len(order) for a in order]
            raw = self.lines[node.lineno - 1].encode()
            start = inner.func.end_col_offset - len(_name(inner.func))  # view(...).permute(...), written whole
            head = raw[start:inner.args[0].col_offset].decode()
            between = raw[inner.args[-1].end_col_offset:order[0].col_offset].decode()
            tail = raw[order[-1].end_col_offset:node.end_col_offset].decode()
            span = (node.lineno, start, node.end_col_offset)
            for a in range(len(sizes) - 1):
                if "1" in sizes[a:a + 2] or sizes[a] == sizes[a + 1]:
                    continue
                swap = {a: a + 1, a + 1: a}
                new_sizes = sizes[:a] + [sizes[a + 1], sizes[a]] + sizes[a + 2:]
                new_axes = [str(swap.get(x, x)) for x in axes]
                self.add(node, f"{head}{', '.join(new_sizes)}{between}{', '.join(new_axes)}{tail}",
                         f"splits the axis as ({sizes[a]}, {sizes[a + 1]}) where ({sizes[a + 1]}, {sizes[a]}) "
                         f"belongs (the permute after it following)", span=span, rank=2)
        keep = "keepdim" if self.torch else "keepdims"
        if name in REDUCTIONS and axis is not None and not ({"keepdims", "keepdim"} & set(words)):
            end = node.end_col_offset - 1  # before the closing parenthesis
            raw = self.lines[node.lineno - 1].encode()
            if node.lineno == node.end_lineno and raw[end:end + 1] == b")":
                self.add(node, self.text(node)[:-1] + f", {keep}=True)",
                         f"drops the reduced axis (no {keep}=True), so the result no longer lines up with the "
                         f"array it is combined with", rank=0)
        # a difference clamped at 0 where its size belongs (ALiBi's |i - j| as max(i - j, 0)): the absolute value
        if name in ("maximum", "clip", "clamp", "clamp_min") and node.lineno == node.end_lineno:
            bound = node.args[0 if method else 1] if len(node.args) > (0 if method else 1) else \
                next((k.value for k in node.keywords if k.arg == "min"), None)
            if bound is not None and _number(bound) == 0 and (method or node.args):
                module = self.text(node.func.value) if isinstance(node.func, ast.Attribute) else "np"
                now = f"{self.group(node.func.value)}.abs()" if method else f"{module}.abs({self.text(node.args[0])})"
                self.add(node, now, "clamps at 0 where the absolute value belongs", rank=2)
        # torch's var and std divide by n - 1 unless told otherwise (NumPy's by n): the biased divisor
        if self.torch and name in ("var", "std") and not ({"unbiased", "correction"} & set(words)) and \
                node.lineno == node.end_lineno and self.lines[node.lineno - 1].encode()[node.end_col_offset - 1:
                                                                                      node.end_col_offset] == b")":
            sep = ", " if node.args or node.keywords else ""
            self.add(node, self.text(node)[:-1] + f"{sep}unbiased=False)",
                     f"divides by n - 1 (torch's {name} is unbiased by default) where the biased divisor n belongs",
                     rank=1)
        # var(ddof=1): the unbiased divisor n - 1; GELU(approximate="tanh"): the tanh form for the exact one
        dropped = STATISTIC_KEYWORDS | ({"approximate"} if name in ("gelu", "GELU") else set())
        for word in dropped & set(words):
            k = words[word]
            start = k.value.col_offset - len(word) - 1
            raw = self.lines[node.lineno - 1].encode()
            lead = raw[:start].rstrip()
            cut = len(lead) - 1 if lead.endswith(b",") else start
            if node.lineno == k.value.end_lineno and raw[start:k.value.col_offset] == f"{word}=".encode():
                span = (node.lineno, cut, k.value.end_col_offset)
                self.add(k.value, "", f"`{word}=` changes the divisor of the statistic" if word != "approximate"
                         else f"`{word}=` gives GELU's tanh approximation where the exact (erf) form belongs", span,
                         rank=1)
        # a cast to a fixed dtype (scores.float() before the softmax: float64 inputs then meet float32 weights)
        if method and node.lineno == node.end_lineno and (
                name in ("float", "half", "double", "bfloat16") and not node.args and not node.keywords or
                name in ("astype", "to") and len(node.args) == 1 and not node.keywords and
                re.search(r"\b(float(16|32|64)?|half|double|bfloat16|f[248])\b", self.text(node.args[0]))):
            self.add(node, self.group(node.func.value), f"casts to a fixed dtype (.{name}"
                     f"({self.text(node.args[0]) if node.args else ''})) where the input's dtype belongs", rank=2)
        # a module's own layer applied to a plain name where the name itself belongs (the residual that
        # adds self.ln_1(x) for x)
        if method and isinstance(node.func.value, ast.Name) and node.func.value.id == "self" and \
                len(node.args) == 1 and isinstance(node.args[0], ast.Name) and not node.keywords and \
                node.lineno == node.end_lineno:
            self.add(node, node.args[0].id, f"applies self.{name} where {node.args[0].id} itself belongs", rank=3)
        if name in ("tril", "triu", "tril_", "triu_"):
            given = (words.get("k") or words.get("diagonal") or types.SimpleNamespace(value=None)).value or \
                (node.args[1] if len(node.args) > 1 else None)  # a keyword's value (diagonal=0), else the 2nd argument
            if method and not words.get("diagonal"):
                given = node.args[0] if node.args else None
            if given is not None and _int(given) is None and given.lineno == given.end_lineno:
                for d in ("+ 1", "- 1"):  # a diagonal computed (Tk - T): one off as well
                    self.add(given, f"{self.group(given)} {d}", "puts the diagonal one off", rank=1)
            if given is not None and _int(given) is not None:
                for d in (-1, 1):
                    self.add(given, str(_int(given) + d), "puts the diagonal one off", rank=1)
                # a chunk's queries start at start_pos: its mask aligned top-left, where the diagonal moves
                # by the start (bottom right: triu(start_pos + 1))
                for s in getattr(self, "starts", ()):
                    c = _int(given)
                    self.add(given, s if c == 0 else f"{s} {'+' if c > 0 else '-'} {abs(c)}",
                             f"aligns the mask top-left where the queries start at {s}", rank=2)
                # the other triangle (tril(-1), the past, hidden where triu(1), the future, belongs): the mask
                # transposed, both the call and its diagonal
                other, func = TWINS[name.rstrip("_")] + name[len(name.rstrip("_")):], node.func  # triu_ -> tril_
                start = func.end_col_offset - len(name)
                if func.lineno == given.lineno == node.end_lineno and start < given.col_offset:
                    raw = self.lines[func.lineno - 1].encode()
                    lead, tail = raw[func.end_col_offset:given.col_offset].decode(), \
                        raw[given.end_col_offset:node.end_col_offset].decode()
                    self.add(given, f"{other}{lead}{-_int(given)}{tail}", f"keeps the other triangle: {other} with "
                             f"diagonal {-_int(given)} belongs", span=(func.lineno, start, node.end_col_offset), rank=1)
            elif given is None and node.lineno == node.end_lineno:
                for d in (1, -1):
                    self.add(node, self.text(node)[:-1] + (f"{', ' if node.args and not method else ''}{d})"),
                             "puts the diagonal one off", rank=1)
                # a triangle of a (Tq, Tk) block aligned top-left where the diagonal moves by Tk - Tq (bottom right)
                # (`torch.tril(torch.ones((T, L)))`, or `torch.ones(T, L).tril()`)
                made = node.args[0] if node.args and not method else node.func.value if method else None
                sizes = (made.args[0].elts if isinstance(made.args[0], ast.Tuple) else made.args[:2]) \
                    if isinstance(made, ast.Call) and _name(made.func) in ("ones", "ones_like") and made.args else []
                sep = "" if method else ", "
                if len(sizes) == 2 and all(isinstance(e, ast.Name) for e in sizes):
                    rows, cols = (self.text(e) for e in sizes)
                    shift = f"{cols} - {rows}" if name.startswith("tril") else f"{cols} - {rows} + 1"
                    self.add(node, f"{self.text(node)[:-1]}{sep}{shift})", "aligns the triangle top-left where the "
                             f"last query sees every key (bottom right: diagonal {shift})", rank=2)
                for start in getattr(self, "starts", ()) if sizes else ():  # a chunk's queries start at start_pos
                    shift = start if name.startswith("tril") else f"{start} + 1"
                    self.add(node, f"{self.text(node)[:-1]}{sep}{shift})",
                             f"aligns the mask top-left where the queries start at {start}", rank=2)
        if name in TWINS and isinstance(node.func, (ast.Attribute, ast.Name)) and \
                (self.torch or TWINS[name] != "rsqrt"):  # NumPy has no rsqrt: a copy that could only raise
            func = node.func
            start = func.end_col_offset - len(name)
            self.add(func, TWINS[name], f"calls {name} where {TWINS[name]} belongs",
                     (func.lineno, start, func.end_col_offset))
        if name in ("arange", "range") and node.lineno == node.end_lineno:  # arange(1, d, 2) for the even columns
            for arg in node.args[:2]:
                if _int(arg) is not None:
                    for d in (-1, 1):
                        self.add(arg, str(_int(arg) + d), "is one off", rank=2)
            if len(node.args) == 1 and self.loops:  # arange(n) inside a block loop: positions local to the block
                for start in self.loops:
                    n = self.text(node.args[0])
                    self.add(node.args[0], f"{start}, {start} + {n}", f"counts from 0 where the block's own "
                                                                      f"positions start at {start}", rank=2)
            if len(node.args) in (2, 3):  # arange(1, T + 1) for arange(0, T): the whole range one off
                lo, hi = node.args[:2]
                span = (node.lineno, lo.col_offset, hi.end_col_offset)
                for d in (-1, 1):
                    self.add(lo, f"{_shifted(self.text(lo), d)}, {_shifted(self.text(hi), d)}",
                             "counts from one off: the whole range is shifted", span, rank=2)
        if name in ("sum", "max", "amax") and node.lineno == node.end_lineno and not node.keywords and \
                len(node.args) == (0 if method else 1):
            # np.sum(E): every element summed, where each row's own sum belongs (one normaliser for the matrix)
            keep = "keepdim" if self.torch else "keepdims"
            self.add(node, f"{self.text(node)[:-1]}{', ' if node.args else ''}{'dim' if self.torch else 'axis'}=-1, "
                     f"{keep}=True)", "reduces the whole array where each row's own belongs", rank=2)
        if name == "log" and node.args and node.lineno == node.end_lineno:
            # log(sum(exp(s - m))) where m + log(...) belongs: the max taken out of a logsumexp not added back
            shifts = [e.args[0].right for e in ast.walk(node.args[0]) if isinstance(e, ast.Call) and
                      _name(e.func) in ("exp", "exp2") and e.args and isinstance(e.args[0], ast.BinOp)
                      and isinstance(e.args[0].op, ast.Sub) and isinstance(e.args[0].right, (ast.Name, ast.Call))]
            if len(shifts) == 1:
                self.add(node, f"{self.group(shifts[0])} + {self.text(node)}", f"leaves out the "
                         f"{self.text(shifts[0])} taken out of the sum: a logsumexp adds it back", rank=2)
        if name == "linspace" and len(node.args) == 3 and node.lineno == node.end_lineno and \
                not any(k.arg == "endpoint" for k in node.keywords):
            # linspace(0, 1, d // 2) reaching 1 where the exponents stop short of it (2i/d, i < d/2)
            self.add(node, f"{self.text(node)[:-1]}, endpoint=False)", "reaches its end point, which the "
                                                                        "range stops short of", rank=2)
        if name == "norm" and node.lineno == node.end_lineno:  # the root of the sum of squares, where the sum belongs
            self.add(node, f"{self.text(node)} ** 2", "takes the norm (a square root) where its square belongs", rank=2)
        if name == "outer" and len(node.args) == 2 and node.lineno == node.end_lineno:
            a, b = node.args
            span = (node.lineno, a.col_offset, b.end_col_offset)
            self.add(a, f"{self.text(b)}, {self.text(a)}", "has its two factors swapped (the table transposed)", span,
                     rank=2)
        if len(node.args) == 1 and not node.keywords and node.lineno == node.end_lineno and \
                (name in ACTIVATIONS or name in self.defined):  # gelu on a layer that has none
            self.add(node, self.text(node.args[0]), f"applies {name} where none belongs", rank=3)
            inner = node.args[0]  # gelu(fc2(fc1(x))) for fc2(gelu(fc1(x))): one call too far out
            if isinstance(inner, ast.Call) and len(inner.args) == 1 and not inner.keywords and \
                    isinstance(inner.args[0], ast.Call):
                f, g = self.text(node.func), self.text(inner.func)
                self.add(node, f"{g}({f}({self.text(inner.args[0])}))", f"applies {name} after {g} where it "
                         f"belongs before it", rank=3)
        if name == "Sequential" and len(node.args) > 1 and isinstance(node.args[-1], ast.Call) and \
                _name(node.args[-1].func) in ACTIVATIONS and node.lineno == node.end_lineno:  # an MLP ending in GELU
            last = node.args[-1]
            self.add(node, f"{self.text(node.func)}({', '.join(self.text(a) for a in node.args[:-1])})",
                     f"ends with {_name(last.func)}, an activation that does not belong after the last layer", rank=3)
        if name == "einsum" and node.args and isinstance(node.args[0], ast.Constant) and \
                isinstance(node.args[0].value, str):
            self.einsum(node.args[0])
        if name == "rsqrt" and len(node.args) == 1:  # a root taken twice
            self.add(node, f"1 / ({self.text(node.args[0])})", "takes a square root that does not belong")
        if name == "sqrt" and len(node.args) == 1:
            self.add(node, self.text(node.args[0]), "takes a square root that does not belong")
        if name == "sqrt" and method and not node.args and not node.keywords:  # x.pow(2).mean(-1).sqrt()
            self.add(node, self.group(node.func.value), "takes a square root that does not belong")
        if name in ("transpose", "swapaxes", "permute") and method is False and len(node.args) == 1 and \
                isinstance(node.args[0], ast.Name):
            self.add(node, self.text(node.args[0]), "transposes an operand that is used as it is", rank=1)

    def einsum(self, spec: ast.Constant) -> None:
        """'bhij,bhid->bhid' where 'bhij,bhjd->bhid' belongs: one letter of a term for another of the
        spec; or the output's two adjacent axes in the other order."""
        text = spec.value.replace(" ", "")
        if "->" not in text or not text.replace(",", "").replace("->", "").replace(".", "").isalpha():
            return
        inputs, output = text.split("->")
        terms = inputs.split(",") + [output]
        letters = sorted(set(text) - set(",->."))
        quote = self.text(spec)[0]
        made = []
        for t, term in enumerate(terms):
            for i, ch in enumerate(term):
                if t == len(terms) - 1 and i + 1 < len(term):  # the output's axes reordered
                    made.append(terms[:t] + [term[:i] + term[i + 1] + ch + term[i + 2:]])
                for other in letters if t < len(terms) - 1 else ():
                    if other != ch and other not in term:
                        made.append(terms[:t] + [term[:i] + other + term[i + 1:]] + terms[t + 1:])
        for new in made:
            new = new + terms[len(new):]
            self.add(spec, f"{quote}{','.join(new[:-1])}->{new[-1]}{quote}",
                     "names an axis of the einsum that is not the one meant", rank=3)

    def new_axis(self, node: ast.Subscript) -> None:
        """mask[None] where mask[:, None] belongs: a new axis put in before another one."""
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if len(parts) > 4 or not all(_axis_part(p) for p in parts) or not any(_is_none(p) for p in parts):
            return
        texts = [self.text(p) for p in parts]
        for i, part in enumerate(parts):
            if _is_none(part):
                moved = texts[:i] + [":"] + texts[i:]  # one axis later
                self.add(node, f"{self.text(node.value)}[{', '.join(moved)}]",
                         "puts the new axis in front of an axis it belongs after", rank=2)
                if i + 1 < len(texts) and texts[i + 1] == ":":  # mask[None, :, :, :]: every axis written out
                    swapped = texts[:i] + [":", texts[i]] + texts[i + 2:]
                    self.add(node, f"{self.text(node.value)}[{', '.join(swapped)}]",
                             "puts the new axis in front of an axis it belongs after", rank=2)
                if i and texts[i - 1] == ":":  # one axis earlier
                    self.add(node, f"{self.text(node.value)}[{', '.join(texts[:i - 1] + texts[i:])}]",
                             "puts the new axis after an axis it belongs in front of", rank=2)

    def subscript(self, node: ast.Subscript) -> None:
        """x.shape[0] where x.shape[-1] belongs: the size read from another axis; x.shape[:1] where
        x.shape[:-1] belongs: the leading axes cut at another."""
        # a slice's bound one off (`s[:, i, start + i:] = -inf` hides the query's own key): a bound that is
        # computed, where written into (a mask filled) before where read
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        for part in parts:
            for bound in (part.lower, part.upper) if isinstance(part, ast.Slice) else ():
                if isinstance(bound, (ast.BinOp, ast.Name)) and bound.lineno == bound.end_lineno:
                    for d in ("+ 1", "- 1"):
                        self.add(bound, f"{self.text(bound)} {d}", "is one off",
                                 rank=2 if isinstance(node.ctx, ast.Store) else 3)
            # a slice stopping one short of the end (`pe[:, 1:-1:2]` where `1::2` belongs)
            if isinstance(part, ast.Slice) and _int(part.upper) == -1 and part.lineno == part.end_lineno:
                lo = self.text(part.lower) if part.lower is not None else ""
                step = f":{self.text(part.step)}" if part.step is not None else ""
                self.add(part, f"{lo}:{step}" if step else f"{lo}:", "stops one short of the end", rank=2)
            # a window shifted by one, both bounds at once (`tri[1:T + 1, :T]`, the rows of the next query)
            if isinstance(part, ast.Slice) and part.lower is not None and part.upper is not None \
                    and part.step is None and part.lineno == part.end_lineno:
                for d in (-1, 1):
                    lo, hi = _shifted(self.text(part.lower), d), _shifted(self.text(part.upper), d)
                    self.add(part, f"{lo}:{hi}" if lo != "0" else f":{hi}", "is a window one off", rank=2)
        # heads strided (`z[..., i::n]`, every n-th column from i) where the i-th contiguous block belongs
        last = parts[-1] if parts else None
        if isinstance(last, ast.Slice) and isinstance(last.lower, ast.Name) and last.upper is None \
                and isinstance(last.step, (ast.Name, ast.Constant)) and (len(parts) == 1 or any(
                    isinstance(p, ast.Constant) and p.value is Ellipsis for p in parts[:-1])):
            i, n, width = last.lower.id, self.text(last.step), f"({self.text(node.value)}.shape[-1] // " \
                                                               f"{self.text(last.step)})"
            self.add(last, f"{i} * {width}:({i} + 1) * {width}", f"takes every {n}-th column from {i} where the "
                                                                 f"{i}-th block of contiguous columns belongs", rank=2)
        # range(n)[::-1], slopes[::-1]: an order reversed where the natural one belongs (the heads' slopes)
        whole = node.slice
        if isinstance(whole, ast.Slice) and whole.lower is None and whole.upper is None and _int(whole.step) == -1:
            self.add(node, self.text(node.value), "reverses the order", rank=3)
        # mask[0]: the first sequence's mask for every batch element, where each has its own (a head axis)
        if isinstance(node.value, ast.Name) and "mask" in node.value.id.lower() and _int(node.slice) == 0:
            self.add(node, f"{node.value.id}[:, None]", "takes the first sequence's mask for every sequence",
                     rank=2)
        if isinstance(node.value, ast.Attribute) and node.value.attr == "shape" and isinstance(node.slice, ast.Slice) \
                and node.slice.lower is None and _int(node.slice.upper) in (1, -1, 2, -2):
            end = _int(node.slice.upper)
            self.add(node.slice.upper, str(-end), f"keeps the axes before {end} where those before {-end} belong",
                     rank=3)
        if isinstance(node.value, ast.Attribute) and node.value.attr == "shape" and _int(node.slice) is not None:
            c = _int(node.slice)
            likely = -2 if c == -1 else -1
            for a in AXES:
                if a != c:
                    # after one size for another: `Tq` used where `d` belongs is the slip, not Tq's own line
                    self.add(node.slice, str(a), f"reads the size of axis {c} where axis {a}'s belongs",
                             rank=3 if a == likely else 4)

    def statement(self, node: ast.Expr) -> None:
        """x.masked_fill(...) on a line of its own: its result, a new array, is thrown away."""
        call = node.value
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and \
                isinstance(call.func.value, ast.Name) \
                and not call.func.attr.endswith("_") and call.func.attr not in ("append", "extend", "update", "add",
                                                                                   "insert", "pop", "fill", "sort"):
            target = call.func.value.id
            self.add(call, f"{target} = {self.text(call)}", "computes a new array and throws it away", rank=0)

    def unpacked(self, node: ast.Assign) -> None:
        """k, q, v = qkv.split(...) where q, k, v belongs: two names of an unpacking swapped (of a
        call's result or an array; sizes read from a shape are one size for another, _names). And
        `out = x`, a second name for an array the code then writes into, where a copy belongs."""
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Name) \
                and node.lineno == node.end_lineno:
            self.add(node.value, f"{node.value.id}.{'clone' if self.torch else 'copy'}()",
                     f"makes {node.targets[0].id} a second name for {node.value.id}, so writing into one writes "
                     f"into the other: a copy belongs", rank=2)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple) \
                and len(node.value.elts) == 2 and node.lineno == node.end_lineno:
            self.halves(node.value)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.Tuple) \
                and len(node.value.elts) == 2 and not any(isinstance(e, ast.Constant) for e in node.value.elts):
            # grid = (cdiv(N, BN), cdiv(M, BM)) where the kernel reads the row tile from axis 0: the two in turn
            a, b = node.value.elts
            self.add(node.value, f"({self.text(b)}, {self.text(a)})", "has its two elements the other way round",
                     rank=3)
        # (or a tuple of calls, each target its own: `k, q, v = self.query(x), self.key(x), self.value(x)`)
        calls = isinstance(node.value, ast.Tuple) and all(isinstance(e, ast.Call) for e in node.value.elts)
        if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Tuple) or \
                not (isinstance(node.value, (ast.Call, ast.Name)) or calls):
            return
        names = node.targets[0].elts
        if not 2 <= len(names) <= 4 or not all(isinstance(n, ast.Name) for n in names):
            return
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                order = [b.id if n is a else a.id if n is b else n.id for n in names]
                self.add(node.targets[0], ", ".join(order), f"unpacks {a.id} and {b.id} in the wrong order",
                         (node.lineno, names[0].col_offset, names[-1].end_col_offset), rank=4 if calls else 2)

    def halves(self, pair: ast.Tuple) -> None:
        """x[..., :d // 2], x[..., d // 2:] where the pairs interleave (x[..., 0::2], x[..., 1::2]), and
        the other way round: RoPE's two conventions, one taken for the other."""
        def last(e):  # the slice on the last axis of `x[..., <slice>]`
            parts = e.slice.elts if isinstance(e, ast.Subscript) and isinstance(e.slice, ast.Tuple) else None
            return (e.value, parts[-1]) if parts and len(parts) == 2 and isinstance(parts[-1], ast.Slice) else None
        a, b = (last(e) for e in pair.elts)
        if a is None or b is None or self.text(a[0]) != self.text(b[0]):
            return
        (arr, sa), (_, sb) = a, b
        x = self.text(arr)
        if sa.lower is None and sa.upper is not None and sa.step is None and sb.upper is None and sb.step is None \
                and sb.lower is not None and self.text(sa.upper) == self.text(sb.lower):
            self.add(pair, f"{x}[..., 0::2], {x}[..., 1::2]", "takes the two halves where the pairs interleave "
                                                               "(x[..., 0::2], x[..., 1::2])", rank=2)
        elif sa.step is not None and sb.step is not None and _int(sa.step) == _int(sb.step) == 2:
            half = f"{x}.shape[-1] // 2"
            self.add(pair, f"{x}[..., :{half}], {x}[..., {half}:]", "takes interleaved pairs where the two "
                                                                    "halves belong", rank=2)

    def bits(self, node, names: set) -> None:
        """A calculator's element size in bits where bytes belong (read from a dtype's name, one of
        `names`: 'fp16' -> 16)."""
        value = node.value
        if value is not None and value.lineno == value.end_lineno and isinstance(value, (ast.Call, ast.Subscript,
                                                                                         ast.Name, ast.BinOp)) \
                and names & {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}:
            text = self.text(value)
            wrapped = text if isinstance(value, (ast.Call, ast.Subscript, ast.Name)) else f"({text})"
            self.add(value, f"{wrapped} // 8", "counts bits where bytes belong (8 bits to a byte)", rank=2)
        elif isinstance(node, (ast.Assign, ast.Return)) and isinstance(value, ast.Constant) and \
                type(value.value) is int and value.value in (16, 32, 64):  # `nbytes = 16` (`return 16`) for a dtype
            self.add(value, str(value.value // 8), "counts bits where bytes belong (8 bits to a byte)", rank=2)

    def missing_factor(self, fn, sizes: set) -> None:
        """A calculator's count that leaves out a size (`total = per_layer` where all L layers belong):
        each assigned name or product times each size the function is given, or its alias."""
        alias = set(sizes)
        for node in ast.walk(fn):  # B, L = batch, layers: the sizes under their short names
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                pairs = zip(node.targets[0].elts, node.value.elts) if isinstance(node.targets[0], ast.Tuple) and \
                    isinstance(node.value, ast.Tuple) else [(node.targets[0], node.value)]
                short = {v.id: t.id for t, v in pairs if isinstance(t, ast.Name) and isinstance(v, ast.Name)
                         and v.id in sizes}
                alias = (alias - set(short)) | set(short.values())  # L for layers: the name the code reads
        # where a total is formed: the names the return reads, or the return's own product (a size left out
        # upstream mends there too, but the learner reads the total's line)
        returned = {n.id for r in ast.walk(fn) if isinstance(r, ast.Return) and r.value is not None
                    for n in ast.walk(r.value) if isinstance(n, ast.Name)}
        for node in ast.walk(fn):
            value = getattr(node, "value", None)
            if isinstance(node, ast.Assign) and not any(isinstance(x, ast.Name) and x.id in returned
                                                        for x in node.targets):
                continue
            if not (isinstance(node, (ast.Assign, ast.Return)) and value is not None
                    and value.lineno == value.end_lineno
                    and (isinstance(value, ast.Name) and value.id not in alias or
                         isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult))):
                continue
            here = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
            for s in sorted(alias - here):
                self.add(value, f"{self.group(value)} * {s}", f"leaves out the factor {s}", rank=3)

    def unused(self, fn, kinds: dict) -> None:
        """An input the function never reads (b1 never added): added to each value computed."""
        # a read in an assert or of the array's shape only (`assert b1.shape == (h,)`) uses none of its values
        checked = {id(n) for a in ast.walk(fn) if isinstance(a, ast.Assert) for n in ast.walk(a)} | \
            {id(a.value) for a in ast.walk(fn) if isinstance(a, ast.Attribute) and a.attr in ("shape", "ndim", "dtype")}
        read = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                and id(n) not in checked}
        for p in (a.arg for a in fn.args.args + fn.args.kwonlyargs):
            if p not in read and kinds.get(p) == "bool":  # `CAUSAL=True` in the launch, where `causal` belongs
                for node in ast.walk(fn):
                    if isinstance(node, ast.Constant) and isinstance(node.value, bool):
                        self.add(node, p, f"never uses {p}: {node.value} is written where it belongs", rank=0)
            if p in read or p not in kinds or not kinds[p].startswith("array"):
                continue
            for node in ast.walk(fn):
                if isinstance(node, (ast.Assign, ast.Return)) and node.value is not None and \
                        isinstance(node.value, (ast.BinOp, ast.Call, ast.Name)):
                    text = self.text(node.value)
                    self.add(node.value, f"({text}) + {p}", f"never uses {p}: it is to be added here", rank=0)
                    if kinds[p] == "array of rank 2" and isinstance(node, ast.Return):  # w_o never applied
                        self.add(node.value, f"({text}) @ {p}", f"never uses {p}: the result is to be multiplied "
                                                                 f"by it", rank=0)

    def operand(self, node) -> None:
        """A matrix product's operand: transposed, or used as it is."""
        if isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):
            self.add(node, self.text(node.value), f"transposes ({node.attr}) an operand that is used as it is", rank=1)
            if node.attr == "T":  # .T reverses every axis of a batched array
                self.add(node, f"{self.text(node.value)}.swapaxes(-1, -2)", ".T reverses every axis; only the "
                         "last two swap", rank=0)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("transpose", "swapaxes", "permute") and len(node.args) <= 4:
            self.add(node, self.text(node.func.value), "transposes an operand that is used as it is", rank=1)
        else:
            text = self.text(node)
            wrapped = text if isinstance(node, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)) else f"({text})"
            self.add(node, f"{wrapped}.swapaxes(-1, -2)", "uses an operand whose last two axes must be swapped", rank=3)

    def chain_exponent(self, node: ast.BinOp) -> None:
        """A power inside a product whose exponent is to take every factor after it: `pos / 10000 **
        2 * i / d` for `pos / 10000 ** (2 * i / d)`, `2 ** -8 / n` for `2 ** (-8 / n)`."""
        terms, at = [], node
        while isinstance(at, ast.BinOp) and isinstance(at.op, (ast.Mult, ast.Div)):
            terms.append((SYMBOL[type(at.op)], at.right))
            at = at.left
        terms.append(("", at))
        terms.reverse()  # [("", first), (op, second), ...] in the written order
        for k, (op, term) in enumerate(terms[:-1]):
            if isinstance(term, ast.BinOp) and isinstance(term.op, ast.Pow):
                head = " ".join(f"{o} {self.group(t)}".strip() for o, t in terms[:k])
                tail = " ".join(f"{o} {self.group(t)}" for o, t in terms[k + 1:])
                power = f"{self.group(term.left)} ** ({self.text(term.right)} {tail})"
                self.add(node, f"{head} {op} {power}".strip() if k else power,
                         "divides after the power where the exponent is to be divided: parentheses are missing", rank=3)

    def compare(self, node: ast.Compare) -> None:
        if len(node.ops) == 1 and isinstance(node.ops[0], ast.Eq) and isinstance(node.comparators[0], ast.Constant) \
                and node.comparators[0].value in SIBLING_DTYPES and node.lineno == node.end_lineno:
            named = node.comparators[0].value  # dtype == "fp16": bf16 falls through to another size
            self.add(node, f"{self.text(node.left)} in ({named!r}, {SIBLING_DTYPES[named]!r})".replace("'", '"'),
                     f"tests {named} alone where {SIBLING_DTYPES[named]} has the same size", rank=2)
        if len(node.ops) != 1 or type(node.ops[0]) not in FLIPPED:
            return
        right = node.comparators[0]
        if node.left.end_lineno != node.lineno or right.lineno != node.lineno:
            return
        raw = self.lines[node.lineno - 1].encode()
        left = raw[node.col_offset:node.left.end_col_offset].decode()
        after = raw[right.col_offset:node.end_col_offset].decode()
        for op in FLIPPED[type(node.ops[0])]:
            self.add(node, f"{left} {op} {after}", "the comparison is the wrong way round or one too strict", rank=1)

    def binop(self, node: ast.BinOp) -> None:
        if isinstance(node.op, (ast.Div, ast.Mult, ast.MatMult)) and isinstance(node.right, ast.BinOp) and \
                isinstance(node.right.op, (ast.Add, ast.Sub)) and node.lineno == node.end_lineno:
            # s / (d + eps) for s / d + eps, x @ (w + b) for x @ w + b: a term of the result taken into the operand
            op, sign = SYMBOL[type(node.op)], SYMBOL[type(node.right.op)]
            verb = {ast.Div: "divides by", ast.Mult: "multiplies by", ast.MatMult: "multiplies (@) by"}[type(node.op)]
            why = f"{verb} the sum where the last term is added to the result: the parentheses do " \
                  "not belong"
            self.add(node, f"{self.group(node.left)} {op} {self.group(node.right.left)} {sign} "
                           f"{self.group(node.right.right)}", why, rank=3)
        if isinstance(node.op, ast.Mult) and isinstance(node.left, ast.BinOp) and \
                isinstance(node.left.op, (ast.Add, ast.Sub)) and node.lineno == node.end_lineno:
            # (y + beta) * gamma for y * gamma + beta: the shift scaled too, where it is added after the scale
            sign = SYMBOL[type(node.left.op)]
            self.add(node, f"{self.group(node.left.left)} * {self.group(node.right)} {sign} "
                           f"{self.group(node.left.right)}", "scales the sum where the last term is added after the "
                                                             "product: the parentheses do not belong", rank=3)
        if isinstance(node.op, ast.Pow) and node.lineno == node.end_lineno and _number(node.right) is None and \
                not (isinstance(node.right, ast.UnaryOp) and isinstance(node.right.op, ast.USub)):
            # base ** (2i / d) for base ** (-2i / d): the exponent's sign lost (a literal power, x ** 2, is none)
            self.add(node.right, f"-{self.group(node.right)}", "has the exponent's sign the other way round", rank=2)
        if isinstance(node.op, (ast.Add, ast.Sub)) and all(isinstance(t, ast.BinOp) and isinstance(t.op, ast.Mult)
                                                         for t in (node.left, node.right)) \
                and node.lineno == node.end_lineno:
            # x_even * cos + x_odd * sin for x_even * sin + x_odd * cos: the two products' factors crossed
            (a, b), (c, d), sign = (node.left.left, node.left.right), (node.right.left, node.right.right), \
                SYMBOL[type(node.op)]
            for new in (f"{self.group(c)} * {self.group(b)} {sign} {self.group(a)} * {self.group(d)}",
                        f"{self.group(a)} * {self.group(d)} {sign} {self.group(c)} * {self.group(b)}"):
                self.add(node, new, "pairs the factors of its two products the other way round", rank=3)
        if isinstance(node.op, ast.Div) and node.lineno == node.end_lineno and (
                isinstance(node.right, ast.Name) or _number(node.right) not in (None, 0, 1, -1)):
            # z / 2.0 for z / sqrt(2) (erf's GELU), s / d for s / sqrt(d): the root left out of a divisor
            self.add(node.right, f"{self.group(node.right)} ** 0.5",
                     f"divides by {self.text(node.right)} where its square root belongs", rank=3)
        if isinstance(node.op, ast.MatMult):
            self.operand(node.left)
            self.operand(node.right)
            if node.lineno == node.end_lineno:  # b @ a for a @ b
                self.add(node, f"{self.group(node.right)} @ {self.group(node.left)}",
                         "multiplies its two factors the other way round", rank=3)
            return
        if type(node.op) in OPERATOR and node.left.end_lineno == node.lineno and node.right.lineno == node.lineno:
            raw = self.lines[node.lineno - 1].encode()  # the operator alone rewritten, parentheses kept
            left = raw[node.col_offset:node.left.end_col_offset].decode()
            between = raw[node.left.end_col_offset:node.right.col_offset].decode()
            right = raw[node.right.col_offset:node.end_col_offset].decode()
            for other in (OPERATOR[type(node.op)], ALSO.get(type(node.op))):
                if other == "**" and _int(node.right) not in (2, 3):  # x * 2 for x ** 2; T ** T is no slip
                    continue
                if other in ("*", "/") and 1 in (_number(node.right), _number(node.left) if other == "*" else None):
                    continue  # 1 * gamma is gamma: the term dropped (below) says it plainly
                if other:
                    new = between.replace(SYMBOL[type(node.op)], other, 1)
                    self.add(node, f"{left}{new}{right}", f"{SYMBOL[type(node.op)]} where {other} belongs", rank=3)
        if isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno and \
                self.text(node.left) == self.text(node.right):  # z * z * sigmoid(z) for z * sigmoid(z)
            self.add(node, self.group(node.left), f"multiplies by {self.text(node.left)} twice where once belongs",
                     rank=3)
        # a tile's start where its end belongs (a causal key loop up to tile * BLOCK_M: the diagonal tile left out)
        if isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno and isinstance(node.left, ast.Name) and \
                isinstance(node.right, ast.Name) and re.search(r"block|tile|\bB[MNK]\b", node.right.id, re.I) and \
                not re.search(r"block", node.left.id, re.I):
            self.add(node, f"({node.left.id} + 1) * {node.right.id}", f"ends at {self.text(node)}, where that tile "
                     f"starts, where its end belongs", rank=1)
        if isinstance(node.op, ast.FloorDiv) and node.lineno == node.end_lineno and \
                isinstance(node.right, (ast.Name, ast.Attribute)) and _number(node.left) is None:
            # T // BLOCK_M programs for T rows: the last, partial block gets none
            a, b = self.group(node.left), self.group(node.right)
            self.add(node, f"({a} + {b} - 1) // {b}", f"counts the whole blocks of {b} only: the last, partial "
                                                      f"one needs a program too",
                     rank=1 if re.search(r"block|tile|\bB[MNK]\b", b, re.I) else 3)  # a block count: likeliest
        if isinstance(node.op, (ast.Mult, ast.Div)) and node.lineno == node.end_lineno and \
                isinstance(node.right, (ast.Name, ast.Attribute)) and _number(node.left) is None:
            # s * scale where q was scaled already: a named factor applied twice (the scores scaled twice)
            verb = "multiplies by" if isinstance(node.op, ast.Mult) else "divides by"
            self.add(node, self.text(node.left), f"{verb} {self.text(node.right)}, a factor that does not belong",
                     rank=3)
        # -n_heads / 8 for -8 / n_heads (ALiBi's slope ratio): a number and a name divided the other way round
        if isinstance(node.op, ast.Div) and node.lineno == node.end_lineno:
            neg = isinstance(node.left, ast.UnaryOp) and isinstance(node.left.op, ast.USub)
            left = node.left.operand if neg else node.left
            if isinstance(left, ast.Name) and _number(node.right) is not None or \
                    isinstance(node.right, ast.Name) and _number(left) is not None:
                self.add(node, f"{'-' if neg else ''}{self.text(node.right)} / {self.text(left)}",
                         "divides the other way round", rank=3)
        # (i - j) where the distance |i - j| belongs (ALiBi's keys after the query given a bonus)
        if isinstance(node.op, ast.Sub) and node.lineno == node.end_lineno and \
                all(isinstance(s, (ast.Name, ast.Subscript)) for s in (node.left, node.right)):
            self.add(node, f"abs({self.text(node)})", "uses the signed difference where the distance (its absolute "
                     "value) belongs", rank=3)
        # L * B * H * T * T where one layer's count belongs: the product's first factor, a name, left out
        if isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno and \
                isinstance(node.left, (ast.Name, ast.Attribute)) and _number(node.right) is None:
            self.add(node, self.text(node.right), f"multiplies by {self.text(node.left)}, a factor that does not "
                     f"belong", rank=3)
        if isinstance(node.op, ast.Sub) and node.lineno == node.end_lineno and (
                _name(getattr(node.right, "func", None)) in ("mean", "average", "nanmean")
                or isinstance(node.right, ast.Name) and re.search(r"mean|^mu$|avg", node.right.id)):
            # x - x.mean(-1) where x belongs (RMSNorm's input centred as LayerNorm's is)
            self.add(node, self.text(node.left), f"subtracts {self.text(node.right)}, a term that does not belong",
                     rank=3)
        if isinstance(node.op, ast.Sub) and node.lineno == node.end_lineno and id(node) in self.bounds and \
                isinstance(node.right, (ast.Name, ast.Attribute)):
            # range(0, Tk - block_size, block_size): the loop stops a block short, the last block never read
            self.add(node, self.text(node.left), f"stops {self.text(node.right)} short of {self.text(node.left)}",
                     rank=2)
        if isinstance(node.op, ast.Add) and node.lineno == node.end_lineno:  # a residual or a bias that is no term
            for term, other in ((node.left, node.right), (node.right, node.left)):
                self.add(node, self.text(term), f"adds {self.text(other)}, a term that does not belong", rank=3)
        if isinstance(node.op, (ast.Sub, ast.Div)) and node.left.end_lineno == node.lineno == node.right.lineno:
            left, right = self.text(node.left), self.text(node.right)  # exp(m_new - m_old) for exp(m_old - m_new)
            if isinstance(node.left, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)) and \
                    isinstance(node.right, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
                self.add(node, f"{right} {SYMBOL[type(node.op)]} {left}", "has its two sides swapped")
        if isinstance(node.op, ast.Sub) and isinstance(node.right, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)) \
                and any(w in self.text(node.left) for w in ("**", "square", "sq", "2")):
            # E[x^2] - E[x] for E[x^2] - E[x]^2
            self.add(node.right, f"{self.text(node.right)} ** 2", "subtracts a term that is to be squared")
        if isinstance(node.op, (ast.Div, ast.Mult)) and isinstance(node.left, ast.BinOp) and \
                isinstance(node.left.right, ast.BinOp) and isinstance(node.left.right.op, ast.Pow) and \
                node.lineno == node.end_lineno:  # pos / 10000 ** i / d for pos / 10000 ** (i / d)
            power = node.left.right
            self.add(node, f"{self.group(node.left.left)} {SYMBOL[type(node.left.op)]} {self.group(power.left)} ** "
                           f"({self.text(power.right)} {SYMBOL[type(node.op)]} {self.group(node.right)})",
                     "divides after the power where the exponent is to be divided: parentheses are missing", rank=3)
        if isinstance(node.op, (ast.Div, ast.Mult)) and isinstance(node.left, ast.BinOp) and \
                isinstance(node.left.op, ast.Pow) and node.lineno == node.end_lineno:  # 2 ** -8 / n for 2 ** (-8 / n)
            power = node.left
            self.add(node, f"{self.group(power.left)} ** ({self.text(power.right)} {SYMBOL[type(node.op)]} "
                           f"{self.group(node.right)})",
                     "divides after the power where the exponent is to be divided: parentheses are missing", rank=3)
        if isinstance(node.op, (ast.Div, ast.Mult)) and node.lineno == node.end_lineno:
            self.chain_exponent(node)
        if isinstance(node.op, (ast.Add, ast.Sub)) and isinstance(node.left, ast.BinOp) and \
                isinstance(node.left.op, ast.Div) and node.lineno == node.end_lineno:  # a / 1 + exp(-a): a / (1 + ...)
            self.add(node, f"{self.group(node.left.left)} / ({self.text(node.left.right)} {SYMBOL[type(node.op)]} "
                           f"{self.text(node.right)})", "divides by the first term of the sum alone: parentheses "
                                                        "are missing", rank=3)
        if isinstance(node.op, (ast.Mult, ast.Div)) and isinstance(node.right, ast.Constant) and \
                type(node.right.value) is float and node.right.value not in (0.0, 1.0, 0.5, 2.0):
            c = node.right.value  # z * 1.4142 for z * 0.7071 (sqrt 2 for 1/sqrt 2)
            self.add(node.right, f"{1 / c:.17g}", f"writes {self.text(node.right)} where its reciprocal belongs", rank=3)
        if isinstance(node.op, ast.Pow) and _number(node.right) in (0.5, -0.5):  # the root multiplies where it divides
            self.add(node.right, f"({-_number(node.right)})" if self.text(node.right).startswith("(") else
                     str(-_number(node.right)), "has the exponent's sign the wrong way round", rank=2)
        if isinstance(node.op, ast.Pow) and _number(node.right) == 2 and isinstance(node.left, ast.Call) and \
                _name(node.left.func) in ("mean", "sum"):  # mean(x)^2 for mean(x^2)
            call = node.left
            method = isinstance(call.func, ast.Attribute) and not (
                isinstance(call.func.value, ast.Name) and call.func.value.id in MODULES)
            inner = call.func.value if method else (call.args[0] if call.args else None)
            if inner is not None and call.lineno == call.end_lineno:
                raw = self.lines[call.lineno - 1].encode()
                squared = f"({self.text(inner)}) ** 2" if not isinstance(inner, (ast.Name, ast.Subscript)) else \
                    f"{self.text(inner)} ** 2"
                text = (raw[call.col_offset:inner.col_offset] + squared.encode() +
                        raw[inner.end_col_offset:call.end_col_offset]).decode()
                self.add(node, text, "squares the mean where the mean of the squares belongs", rank=2)
        if isinstance(node.op, ast.Pow) and _number(node.right) == 2:
            self.add(node, f"abs({self.text(node.left)})", "squares where the absolute value belongs", rank=3)
        if isinstance(node.op, ast.Pow) and isinstance(node.right, ast.Constant) and node.right.value in (0.5, -0.5):
            self.add(node, self.text(node.left) if node.right.value == 0.5 else f"1 / {self.text(node.left)}",
                     "takes a square root that does not belong")
        if isinstance(node.op, (ast.Add, ast.Sub)) and node.lineno == node.end_lineno:  # precedence
            sign = SYMBOL[type(node.op)]
            if isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Mult):  # a * b + c: a * (b + c)
                self.add(node, f"{self.group(node.left.left)} * ({self.text(node.left.right)} {sign} "
                               f"{self.text(node.right)})", f"multiplies only the first term of the {sign}: "
                                                            f"parentheses are missing", rank=3)
            if isinstance(node.right, ast.BinOp) and isinstance(node.right.op, ast.Mult):  # a + b * c: (a + b) * c
                self.add(node, f"({self.text(node.left)} {sign} {self.text(node.right.left)}) * "
                               f"{self.group(node.right.right)}", f"multiplies only the last term of the {sign}: "
                                                                  f"parentheses are missing", rank=3)
                # o + corr * pv for o * corr + pv: a running sum's rescale on the new term
                self.add(node, f"{self.group(node.left)} * {self.group(node.right.left)} {sign} "
                               f"{self.group(node.right.right)}", "multiplies the wrong term of the sum", rank=3)
            if isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Mult) and \
                    isinstance(node.op, ast.Add):  # o * corr + pv for o + corr * pv
                self.add(node, f"{self.group(node.left.left)} + {self.group(node.left.right)} * "
                               f"{self.group(node.right)}", "multiplies the wrong term of the sum", rank=3)
        if isinstance(node.op, (ast.Add, ast.Sub)) and _int(node.right) in (1, 2):
            c = _int(node.right) * (1 if isinstance(node.op, ast.Add) else -1)
            for d in (-1, 1) if abs(c) == 1 else (-c, -1, 1):  # range(0, d - 2, 2): the offset itself dropped
                k = c + d
                left = self.text(node.left)
                # a bound of range(n_heads - 1) is one off far more often than its name is wrong; and an offset
                # written (`c0 + dh - 1`, an inclusive end for a slice's exclusive one) is likelier than one changed
                self.add(node, left if k == 0 else f"{left} + {k}" if k > 0 else f"{left} - {-k}",
                         "is one off" if abs(d) == 1 else f"is {abs(d)} off",
                         rank=0 if id(node) in self.bounds else 2 if k == 0 else 3)


def _shifted(text: str, d: int) -> str:
    """`T + 1` moved by d: `T` (for -1), `T + 2`; `1` moved: `0`; `T`: `T - 1`."""
    if re.fullmatch(r"-?\d+", text.strip()):
        return str(int(text) + d)
    found = re.fullmatch(r"(.*?) ([+-]) (\d+)", text.strip())
    if found:
        c = int(found[3]) * (1 if found[2] == "+" else -1) + d
        return found[1] if c == 0 else f"{found[1]} + {c}" if c > 0 else f"{found[1]} - {-c}"
    return f"{text} + 1" if d > 0 else f"{text} - 1"


def _is_none(node) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _axis_part(node) -> bool:
    """An index that only adds, keeps or skips axes: None, a bare `:`, or `...`."""
    return _is_none(node) or isinstance(node, ast.Constant) and node.value is Ellipsis or \
        isinstance(node, ast.Slice) and node.lower is None and node.upper is None and node.step is None


def _layers(lister: _Lister, tree) -> None:
    """self.query(x) where self.value(x) belongs: one of a module's layers called for another."""
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        calls = [n.func for n in ast.walk(cls) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                 and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"]
        made = {t.attr for n in ast.walk(cls) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
                for t in n.targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                and t.value.id == "self"}  # self.value = nn.Linear(...), though only self.query is called
        names = sorted({f.attr for f in calls} | made)
        # a layer made and never called (self.proj = nn.Linear(d, d), forward returning the heads' concatenation):
        # forward's returned value given to it
        unused = sorted(made - {f.attr for f in calls})
        forward = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "forward"), None)
        for ret in (n for n in ast.walk(forward) if isinstance(n, ast.Return) and n.value is not None) \
                if forward is not None and len(unused) == 1 else ():
            lister.add(ret.value, f"self.{unused[0]}({lister.text(ret.value)})",
                       f"returns without self.{unused[0]}, a layer made and never called", rank=2)
        for func in calls:
            start = func.end_col_offset - len(func.attr)
            for other in names:
                if other != func.attr:
                    lister.add(func, other, f"calls self.{func.attr} where self.{other} belongs",
                               (func.lineno, start, func.end_col_offset), rank=3)


def _siblings(lister: _Lister, tree) -> None:
    """k = k.repeat_interleave(n, dim=1) then v = v.repeat(1, n, 1, 1): two adjacent lines that treat
    two arrays alike, but for one difference; each line written as the other is, for its own array."""
    # the functions' parameters: two inputs each made into its own array alike
    params = {a.arg for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) for a in f.args.args}
    for block in (getattr(n, "body", None) for n in ast.walk(tree)):
        if not isinstance(block, list):
            continue
        for a, b in zip(block, block[1:]):
            if not all(isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
                       and s.lineno == s.end_lineno for s in (a, b)):
                continue
            ta, tb = a.targets[0].id, b.targets[0].id
            reads_a = [n for n in ast.walk(a.value) if isinstance(n, ast.Name) and n.id == ta]
            reads_b = [n for n in ast.walk(b.value) if isinstance(n, ast.Name) and n.id == tb]
            if not reads_a or not reads_b:  # (or each made from its own input: k64 = tile(k ...), v64 = repeat(v ...))
                na = {n.id for n in ast.walk(a.value) if isinstance(n, ast.Name)}
                nb = {n.id for n in ast.walk(b.value) if isinstance(n, ast.Name)}
                if len(na - nb) == 1 and len(nb - na) == 1 and (na - nb) | (nb - na) <= params:
                    (xa,), (xb,) = na - nb, nb - na
                    reads_a = [n for n in ast.walk(a.value) if isinstance(n, ast.Name) and n.id == xa]
                    reads_b = [n for n in ast.walk(b.value) if isinstance(n, ast.Name) and n.id == xb]
                    ta, tb = xa, xb
            if ta == tb or not reads_a or not reads_b:
                continue
            for one, other, own, new in ((a, b, reads_a, tb), (b, a, reads_b, ta)):
                text = _rewritten(lister, one.value, own, {own[0].id: new})
                lister.add(other.value, text, f"treats {other.targets[0].id} otherwise than line {one.lineno} "
                                              f"treats {one.targets[0].id}", rank=2)


def _swapped_calls(lister: _Lister, tree) -> None:
    """Two layers applied in the other order: `act(proj(fc(x)))` for `proj(act(fc(x)))`, the outer
    call and the one it is given exchanged."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and \
                isinstance(node.args[0], ast.Call) and len(node.args[0].args) == 1 and not node.args[0].keywords:
            inner = node.args[0]
            outer, within = lister.text(node.func), lister.text(inner.func)
            lister.add(node, f"{within}({outer}({lister.text(inner.args[0])}))",
                       f"applies {outer} after {within}, where it comes before", rank=3)


def _attribute_swapped(lister: _Lister, tree) -> None:
    """An object's attribute read where its sibling belongs (`self.w_gate` for `self.w_up`): attributes
    the class sets or registers, named alike (a word shared)."""
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        held = {t.attr for n in ast.walk(cls) if isinstance(n, ast.Assign) for t in n.targets
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"} | \
            {n.args[0].value for n in ast.walk(cls) if isinstance(n, ast.Call) and _name(n.func) in
             ("register_buffer", "register_parameter") and n.args and isinstance(n.args[0], ast.Constant)
             and isinstance(n.args[0].value, str)}
        for n in ast.walk(cls):
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name) and \
                    n.value.id == "self" and n.attr in held:
                for other in sorted(held - {n.attr}):
                    if _words(other) & _words(n.attr) or other.split("_")[0] == n.attr.split("_")[0] != other:
                        lister.add(n, f"self.{other}", f"reads self.{n.attr} where self.{other} belongs", rank=3)


_SIZE_TEXT = r"[\w.]+\.shape\[[^\]]*\]|len\([\w.]+\)|[\w.]+\.size\(-?\d*\)"  # x.shape[-1], len(s), x.size(-1)


def _unused_size(lister: _Lister, tree) -> None:
    """A size bound and never read (`d = x.shape[-1]`) where another size is read (`/ x.size`): the
    bound one written there, as the learner meant."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        reads = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        unused = [t.id for n in fn.body if isinstance(n, ast.Assign) and len(n.targets) == 1
                  for t in n.targets if isinstance(t, ast.Name) and t.id not in reads
                  and re.fullmatch(_SIZE_TEXT, ast.unparse(n.value))]
        for n in ast.walk(fn):
            size = isinstance(n, ast.Attribute) and n.attr in ("size", "ndim") or \
                isinstance(n, ast.Subscript) and isinstance(n.value, ast.Attribute) and n.value.attr == "shape" or \
                isinstance(n, ast.Call) and _name(n.func) == "len"
            if size and isinstance(getattr(n, "ctx", ast.Load()), ast.Load):
                for name in unused:
                    lister.add(n, name, f"reads {lister.text(n)} where {name} (made and never used) belongs", rank=2)


def _unused_max(lister: _Lister, tree) -> None:
    """A row's max made and never read (`m = tl.max(x, axis=0)`, then `exp(x)`): each later read of
    the array it was taken of, shifted by it (`x - m`), as the softmax meant."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        bound = {}  # each name's bindings, in order (a max then guarded: `m = nan_to_num(m, neginf=0.0)`)
        for n in sorted((n for n in ast.walk(fn) if isinstance(n, ast.Assign) and len(n.targets) == 1
                         and isinstance(n.targets[0], ast.Name)), key=lambda n: n.lineno):
            bound.setdefault(n.targets[0].id, []).append(n)
        for m, made in bound.items():
            n, last = made[0], made[-1]
            if any(isinstance(r, ast.Name) and isinstance(r.ctx, ast.Load) and r.id == m and
                   not n.lineno <= r.lineno <= last.lineno for r in ast.walk(fn)):
                continue  # read after its last binding (or before its first: a loop's running max)
            call = n.value.value if isinstance(n.value, ast.Attribute) and n.value.attr == "values" else n.value
            if not isinstance(call, ast.Call):  # (torch's `s.max(dim=-1).values`)
                continue
            of = call.args[0] if _name(call.func) in ("max", "amax") and call.args else \
                call.func.value if isinstance(call.func, ast.Attribute) and call.func.attr in ("max", "amax") else None
            if not isinstance(of, ast.Name):
                continue
            for read in ast.walk(fn):
                if isinstance(read, ast.Name) and isinstance(read.ctx, ast.Load) and read.id == of.id and \
                        read.lineno > last.lineno:
                    lister.add(read, f"({of.id} - {m})", f"never subtracts {m}, the max made at line {n.lineno}",
                               rank=2)


def _unpacked_sizes(node) -> list[str]:
    """The names a shape is unpacked into under `node` (`n_rows, n_cols = x.shape`), in order."""
    return [t.id for n in ast.walk(node) if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Tuple) and isinstance(n.value, ast.Attribute)
            and n.value.attr == "shape" for t in n.targets[0].elts if isinstance(t, ast.Name)]


def _launches(tree) -> list:
    """Each Triton launch, kernel[grid](...): (the call, the grid's tuple or None, the kernel's def or None)."""
    kernels = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
    grids = {t.id: n.value.body if isinstance(n.value, ast.Lambda) else n.value for n in ast.walk(tree)
             if isinstance(n, ast.Assign) and (isinstance(n.value, ast.Tuple) or isinstance(n.value, ast.Lambda)
                                               and isinstance(n.value.body, ast.Tuple))
             for t in n.targets if isinstance(t, ast.Name)}  # grid = (...), or grid = lambda meta: (...)
    out = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript) and isinstance(n.func.value, ast.Name):
            grid = n.func.slice if isinstance(n.func.slice, ast.Tuple) else \
                grids.get(n.func.slice.id) if isinstance(n.func.slice, ast.Name) else None
            out.append((n, grid, kernels.get(n.func.value.id)))
    return out


def _launch_sizes(lister: _Lister, tree) -> None:
    """A launch's grid by floor division (`M // BLOCK`: the last partial tile gets no program) where
    triton.cdiv belongs; a stride argument given as a size or a number (`K, 1` for a's strides, packed)
    where the tensor's own stride belongs (the kernel's parameter names it: stride_am, a_ptr)."""
    for call, grid, kernel in _launches(tree):
        floors = [e for e in grid.elts if isinstance(e, ast.BinOp) and isinstance(e.op, ast.FloorDiv)] \
            if grid is not None and grid.lineno == grid.end_lineno else []
        if floors:  # every axis at once: (M // bm, N // bn) launches no program while either is short
            text = ", ".join(f"triton.cdiv({lister.text(e.left)}, {lister.text(e.right)})" if e in floors
                             else lister.text(e) for e in grid.elts)
            lister.add(grid, f"({text}{',' if len(grid.elts) == 1 else ''})",
                       "rounds the grid down: the last partial tile gets no program", rank=1)
        # an axis over one size where the product of two belongs (H programs for B * H (batch, head) pairs)
        sizes = _unpacked_sizes(tree)
        named = {x.id for x in ast.walk(grid) if isinstance(x, ast.Name)} if grid is not None else set()
        for e in grid.elts if grid is not None else ():
            if isinstance(e, ast.Name) and e.id in sizes:
                for other in (o for o in sizes if o not in named):
                    lister.add(e, f"{other} * {e.id}", f"launches {e.id} programs along this axis where "
                                                       f"{other} * {e.id} belong", rank=2)
        if kernel is None:
            continue
        params = [a.arg for a in kernel.args.args]
        given = dict(zip(params, call.args))
        for p, arg in given.items():
            m = re.fullmatch(r"stride_?([a-z])[a-z]?|([a-z])_?stride\w*", p)
            if not m or isinstance(arg, ast.Call) or arg.lineno != arg.end_lineno:
                continue
            letter = m.group(1) or m.group(2)
            tensor = next((a for q, a in given.items() if isinstance(a, ast.Name) and
                           re.fullmatch(rf"{letter}(_ptr|_p|ptr)?", q, re.IGNORECASE)), None)
            for d in (0, 1) if tensor is not None else ():
                lister.add(arg, f"{tensor.id}.stride({d})", f"passes {lister.text(arg)} as {p}, where "
                                                            f"{tensor.id}'s own stride belongs", rank=2)
            # both of a tensor's strides given as numbers (`K, 1`: a taken as packed): the pair at once
            at = params.index(p)
            nxt = call.args[at + 1] if at + 1 < len(call.args) and at + 1 < len(params) else None
            if tensor is not None and at + 1 < len(params) and nxt is not None and params[at + 1].startswith(p[:-1]) \
                    and not isinstance(nxt, ast.Call) and nxt.lineno == arg.lineno:
                lister.add(arg, f"{tensor.id}.stride(0), {tensor.id}.stride(1)",
                           f"passes {lister.text(arg)}, {lister.text(nxt)} as {tensor.id}'s strides (a packed "
                           f"{tensor.id}), where its own strides belong", span=(arg.lineno, arg.col_offset,
                                                                                 nxt.end_col_offset), rank=1)


def _stride_unused(lister: _Lister, tree) -> None:
    """A kernel's (or its helper's) stride parameter never read (`col_stride`): each lane offset the
    function makes (`tl.arange(0, BLOCK)`) stepped by it."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        reads = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        for p in (a.arg for a in fn.args.args if "stride" in a.arg and a.arg not in reads):
            for n in ast.walk(fn):
                if isinstance(n, ast.Call) and _name(n.func) == "arange":
                    lister.add(n, f"{lister.text(n)} * {p}", f"never uses {p}: the lanes step by it", rank=2)


def _grid_sized(lister: _Lister, tree) -> None:
    """A Triton launch's grid written as a number or an expression (`kernel[(1,)]`, `[(n_rows - 1,)]`)
    where a size the function unpacked from a shape belongs (`n_rows, n_cols = x.shape`)."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        sizes = _unpacked_sizes(fn)
        for n in ast.walk(fn):
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript) and isinstance(n.func.slice, ast.Tuple):
                for e in n.func.slice.elts:
                    if isinstance(e, (ast.Constant, ast.BinOp)):
                        for size in sizes:
                            lister.add(e, size, f"launches {lister.text(e)} programs where {size} belong", rank=2)
    # a grid of blocks of rows (`lambda meta: (triton.cdiv(n_rows, meta["BLOCK"]),)`) where one program per row
    # belongs: the block sized for the columns, the rows divided by it
    for grid in (n for n in ast.walk(tree) if isinstance(n, ast.Lambda) or isinstance(n, ast.Tuple)):
        for e in (grid.body.elts if isinstance(grid, ast.Lambda) and isinstance(grid.body, ast.Tuple) else
                  grid.elts if isinstance(grid, ast.Tuple) and isinstance(grid.ctx, ast.Load) else []):
            if isinstance(e, ast.Call) and _name(e.func) == "cdiv" and len(e.args) == 2 and \
                    re.search(r"row|\bM\b|\bn\b", lister.text(e.args[0])):
                lister.add(e, lister.text(e.args[0]), f"launches a program per block of {lister.text(e.args[1])} "
                           f"where one per row of {lister.text(e.args[0])} belongs", rank=2)


def _halves_sliced(lister: _Lister, tree) -> None:
    """RoPE's pairs taken as halves by slicing (`x[..., :d // 2]` and `x[..., d // 2:]` in one
    expression) where the interleaved pairs belong: the two slices written 0::2 and 1::2."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.BinOp, ast.Tuple, ast.Call)) or node.lineno != node.end_lineno:
            continue
        cuts = {}
        for sub in ast.walk(node):
            last = sub.slice.elts[-1] if isinstance(sub, ast.Subscript) and isinstance(sub.slice, ast.Tuple) \
                else getattr(sub, "slice", None)
            if isinstance(sub, ast.Subscript) and isinstance(last, ast.Slice) and last.step is None and \
                    (last.lower is None) != (last.upper is None):
                half = ast.unparse(last.upper if last.lower is None else last.lower)
                cuts.setdefault((ast.unparse(sub.value), half), {})[last.lower is None] = last
        for (_, _), ends in cuts.items():
            if len(ends) != 2:
                continue
            raw = lister.lines[node.lineno - 1].encode()
            out, at = b"", node.col_offset
            for piece, new in sorted(((ends[True], b"0::2"), (ends[False], b"1::2")), key=lambda e: e[0].col_offset):
                out += raw[at:piece.col_offset] + new
                at = piece.end_col_offset
            lister.add(node, (out + raw[at:node.end_col_offset]).decode(),
                       "takes the two halves where the interleaved pairs (x[2i], x[2i + 1]) belong", rank=2)


def _statements_swapped(lister: _Lister, tree) -> None:
    """Two statements of one line in the other order (`out = torch.empty_like(x); x = x.contiguous()`:
    the output made before the input is made contiguous)."""
    for block in (getattr(n, "body", None) for n in ast.walk(tree)):
        if not isinstance(block, list):  # a lambda's body is one expression
            continue
        for a, b in zip(block, block[1:]):
            if a.lineno == a.end_lineno == b.lineno == b.end_lineno:
                first, second = lister.text(a), lister.text(b)
                raw = lister.lines[a.lineno - 1].encode()
                between = raw[a.end_col_offset:b.col_offset].decode()
                lister.add(a, f"{second}{between}{first}", "makes these two steps in the other order",
                           span=(a.lineno, a.col_offset, b.end_col_offset), rank=2)


def _half_dropped(lister: _Lister, tree) -> None:
    """GELU's 0.5 left out: `x * (1 + erf(x / sqrt(2)))` (or tanh's form) with no half in the product; or the
    bracket alone, made apart from x (`cdf = (1.0 + _erf(z / sqrt(2)))`), with no half in its statement."""
    def bracket(s) -> bool:
        return isinstance(s, ast.BinOp) and isinstance(s.op, ast.Add) and _constant(s.left) == 1.0 and \
            isinstance(s.right, ast.Call) and _name(s.right.func).strip("_").endswith(("erf", "tanh"))
    sided = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
            continue
        sided |= {id(s) for s in (node.left, node.right)}
        if any(bracket(s) for s in (node.left, node.right)) and not any(_constant(n) == 0.5 for n in ast.walk(node)):
            lister.add(node, f"0.5 * {lister.text(node)}", "leaves out GELU's factor 0.5", rank=2)
    for stmt in (n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.Return)) and n.value is not None):
        if not any(_constant(n) == 0.5 for n in ast.walk(stmt.value)):
            for node in (n for n in ast.walk(stmt.value) if bracket(n) and id(n) not in sided):
                lister.add(node, f"0.5 * ({lister.text(node)})", "leaves out GELU's factor 0.5", rank=2)


def _product_terms(node) -> tuple[list, list] | None:
    """A product's names and number factors (2 * B * h * T), or None where it is not a plain product."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        a, b = _product_terms(node.left), _product_terms(node.right)
        return None if a is None or b is None else (a[0] + b[0], a[1] + b[1])
    if isinstance(node, (ast.Name, ast.Attribute)):  # (s.batch, a shape's field, as a name)
        return [ast.unparse(node)], []
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return [], [node.value]
    return None


def _sibling_products(lister: _Lister, tree) -> None:
    """A calculator's two counts of one product (QK^T's FLOPs and A.V's: the same sizes), one with a
    number factor the other lacks (`2 * B * h * T * T * d` beside `B * h * T * T * d`): the factor
    written into the other."""
    products = [(n, t) for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                and n.value.lineno == n.value.end_lineno for t in [_product_terms(n.value)] if t and len(t[0]) >= 2]
    for a, (names_a, numbers_a) in products:
        for b, (names_b, numbers_b) in products:
            if a is not b and sorted(names_a) == sorted(names_b) and numbers_a and not numbers_b:
                factor = " * ".join(map(str, numbers_a))
                lister.add(b.value, f"{factor} * {lister.text(b.value)}",
                           f"leaves out the factor {factor} that line {a.lineno}'s count of the same sizes has", rank=1)


def _rewritten(lister: _Lister, value, names: list, new: dict) -> str:
    """The expression's text (on one line) with each Name node of `names` written as new[its id]."""
    raw = lister.lines[value.lineno - 1].encode()
    out, at = b"", value.col_offset
    for n in sorted(names, key=lambda n: n.col_offset):
        out += raw[at:n.col_offset] + new[n.id].encode()
        at = n.end_col_offset
    return (out + raw[at:value.end_col_offset]).decode()


def _size(node, sizes: set) -> bool:
    """Whether an assigned value is a size or a scalar (x.shape[-1], len(s), D // n_heads, 2.0)."""
    if isinstance(node, ast.Constant):
        return type(node.value) in (int, float)
    if isinstance(node, ast.Name):
        return node.id in sizes
    if isinstance(node, ast.Attribute):
        return node.attr in ("shape", "ndim", "size")
    if isinstance(node, ast.Subscript):
        return isinstance(node.value, ast.Attribute) and node.value.attr == "shape"
    if isinstance(node, ast.Call):
        if _name(node.func) == "cdiv":  # triton.cdiv / tl.cdiv: a count of tiles, whatever it divides
            return True
        return _name(node.func) in ("len", "int", "float", "sqrt", "min", "max") and node.args and \
            all(_size(a, sizes) for a in node.args)
    if isinstance(node, ast.BinOp):
        return _size(node.left, sizes) and _size(node.right, sizes)
    if isinstance(node, ast.UnaryOp):
        return _size(node.operand, sizes)
    return False


def _locals(fn, kinds: dict) -> dict:
    """The function's locals, by name: (the first line assigning it, "size", "position", "mask" or
    "value")."""
    sizes = {p for p, k in kinds.items() if k in ("int", "float")}
    out = {}
    for node in sorted((n for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For))),
                       key=lambda n: n.lineno):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        value = node.iter if isinstance(node, ast.For) else node.value
        for target in targets:
            names = target.elts if isinstance(target, ast.Tuple) else [target]
            whole = isinstance(target, ast.Tuple) and isinstance(value, ast.Attribute) and value.attr == "shape"
            paired = isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and \
                len(value.elts) == len(names)  # hq, hkv = q.shape[1], k.shape[1]
            for i, n in enumerate(names):
                if isinstance(n, ast.Name) and n.id not in out:
                    one = value.elts[i] if paired else value
                    size = whole or isinstance(node, ast.For) and _name(getattr(value, "func", None)) == "range" \
                        or one is not None and _size(one, sizes)
                    # positions (arange) and masks (a comparison) are read for each other, not for values
                    kind = "size" if size else "position" if one is not None and any(
                        isinstance(c, ast.Call) and _name(c.func) == "arange" for c in ast.walk(one)) else \
                        "mask" if isinstance(one, ast.Compare) else "value"
                    out[n.id] = (node.lineno, kind)
                    if size:
                        sizes.add(n.id)
    return out


def _names(lister: _Lister, tree, kinds: dict) -> None:
    """One input or local for another of the same function and kind: an input read where another
    of its kind belongs (`kinds`: the entry point's inputs, by name, as "array of rank 3", "int"...:
    values from x, not memory), a size for another (D for d_head), a local array for another
    assigned before it (the old running max for the new)."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        params = [a.arg for a in fn.args.args + fn.args.kwonlyargs]
        method = params[:1] == ["self"]
        if set(kinds) & set(params) and not method:
            params = [p for p in params if p in kinds]
        stored = {k: v for k, v in _locals(fn, kinds).items() if k not in params}
        if method:  # a module's method: its inputs are values like its locals (ln2(a) for ln2(x))
            stored.update({p: (fn.lineno, "value") for p in params[1:]})
            params = []
        reads = Counter(n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
        # each local made once, by its line and its value's form with the names left out (siblings alike)
        once = Counter(t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) for t in n.targets
                       if isinstance(t, ast.Name))
        made = {n.targets[0].id: (n.lineno, re.sub(r"id='\w+'", "", ast.dump(n.value))) for n in ast.walk(fn)
                if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
                and once[n.targets[0].id] == 1}
        for stmt in (n for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.Return)) and n.value is not None):
            value = stmt.value  # x_hat * beta + gamma: two inputs of a kind, each where the other belongs
            if value.lineno != value.end_lineno:
                continue
            used = [n for n in ast.walk(value) if isinstance(n, ast.Name) and n.id in params]
            ids = sorted({n.id for n in used})
            for i, a in enumerate(ids):
                for b in ids[i + 1:]:
                    if kinds.get(a) == kinds.get(b):
                        lister.add(value, _rewritten(lister, value, [n for n in used if n.id in (a, b)],
                                                     {a: b, b: a}), f"reads {a} and {b} each where the other belongs",
                                   rank=0)
            # a local read twice in one value (`up * sigmoid(up)`, SiLU on the wrong branch): both reads its
            # sibling's, made alike (`gate = x @ w_gate`, `up = x @ w_up`)
            twice = Counter(n.id for n in ast.walk(value) if isinstance(n, ast.Name) and n.id in made)
            for a in (a for a, c in twice.items() if c >= 2):
                reads_a = [n for n in ast.walk(value) if isinstance(n, ast.Name) and n.id == a]
                for b in (b for b in made if b != a and made[b][0] < value.lineno and made[b][1] == made[a][1]):
                    lister.add(value, _rewritten(lister, value, reads_a, {a: b}), f"reads {a} where {b} belongs, "
                                                                                 f"both times", rank=2)
        # a + b: b is not tried for a (b + b), a sum of two parts (QK^T's FLOPs and A.V's) is no sum of one twice
        beside = {id(side): other.id for b in ast.walk(fn) if isinstance(b, ast.BinOp)
                  and isinstance(b.op, (ast.Add, ast.Sub)) for side, other in ((b.left, b.right), (b.right, b.left))
                  if isinstance(other, ast.Name)}
        for n in ast.walk(fn):
            if not (isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)) or n.id in MODULES:
                continue
            if reads[n.id] == 1 and (n.id in params or stored.get(n.id, (0, "value"))[1] != "size"):
                continue  # an input or a computed array no longer read: a fix that drops a step (a softmax
                # shifted by any row constant) is none
            if n.id in params:
                others, rank = [p for p in params if p != n.id and kinds.get(p) == kinds.get(n.id)], 0
                if kinds.get(n.id) == "int":  # a size given for one computed (sqrt(n_heads) for sqrt(d_head))
                    others += [s for s, (line, k) in stored.items() if k == "size" and line <= n.lineno]
            elif n.id in stored:
                kind = stored[n.id][1]
                others = [s for s, (line, k) in stored.items() if s != n.id and k == kind and line <= n.lineno]
                if kind == "size":  # a size computed where an int given belongs (i + seqlen for i + start_pos)
                    others += [p for p in params if kinds.get(p) == "int"]
                rank = 2 if kind == "size" else 4
            else:
                continue
            for other in (o for o in others if beside.get(id(n)) != o):
                # of two arrays, those named alike first (blk_max for new_max, m_old for m_new): 225 of
                # flash-attention's 401 edits were one array for another, and the first MAX_EDITS are tried
                alike = rank == 4 and bool(_words(n.id) & _words(other))
                lister.add(n, other, f"reads {n.id} where {other} belongs", rank=3 if alike else rank)


def _words(name: str) -> set[str]:
    """A name's words (blk_max: blk, max; rowMax: row, max), for names read alike."""
    return {w.lower() for w in re.findall(r"[A-Za-z][a-z]*|[A-Z]+(?![a-z])", name) if len(w) > 1}


def written_into(fn) -> set[str]:
    """The names a function writes into by subscript (`out[..., 0::2] = ...`, `ck[:, s:e] += k`)."""
    return {t.value.id for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.AugAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
            if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)}


def _copies_returned(lister: _Lister, tree) -> None:
    """The inputs returned where the copies the function made of them and wrote into belong (`return
    out, cache_k, cache_v` below `ck = cache_k.clone()`, `ck[:, s:e] = k`): every such input at once."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        params = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
        written = written_into(fn)
        copies, made_copies = {}, {}  # input -> the local holding its copy (written into, or not)
        for n in ast.walk(fn):
            if not isinstance(n, ast.Assign):
                continue
            pairs = zip(n.targets[0].elts, n.value.elts) if isinstance(n.targets[0], ast.Tuple) and \
                isinstance(n.value, ast.Tuple) and len(n.targets[0].elts) == len(n.value.elts) else \
                [(n.targets[0], n.value)] if len(n.targets) == 1 else []
            for target, value in pairs:
                made = {m.id for m in ast.walk(value) if isinstance(m, ast.Name)} & params
                copied = isinstance(value, ast.Call) and \
                    re.search(r"\b(copy|clone|array|deepcopy)\b", lister.text(value))
                if isinstance(target, ast.Name) and len(made) == 1 and copied:
                    made_copies.setdefault(next(iter(made)), target.id)
                    if target.id in written:
                        copies.setdefault(made.pop(), target.id)
        # an input written into where the copy made of it belongs (cache_k[:, s:e] = k below new_k = cache_k.clone())
        for n in ast.walk(fn):
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Subscript) and \
                    isinstance(n.targets[0].value, ast.Name) and n.targets[0].value.id in made_copies:
                given = n.targets[0].value
                lister.add(given, made_copies[given.id], f"writes into {given.id}, the input, where its copy "
                                                         f"{made_copies[given.id]} belongs", rank=1)
        for ret in (n for n in ast.walk(fn) if isinstance(n, ast.Return) and isinstance(n.value, ast.Tuple)):
            given = [e for e in ret.value.elts if isinstance(e, ast.Name) and e.id in copies]
            if given and ret.lineno == ret.end_lineno:
                new = _rewritten(lister, ret.value, given, {e.id: copies[e.id] for e in given})
                lister.add(ret.value, new, "returns the inputs it was given where the copies it wrote into belong",
                           rank=1)


def _argument_written(lister: _Lister, tree) -> None:
    """A number written where a parameter belongs (`+ 1e-5` for `+ eps`, 10000 for base): a literal
    equal to a parameter's default, or a small one where that default is small (1e-5 for eps=1e-6)."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        given = list(zip(fn.args.args[len(fn.args.args) - len(fn.args.defaults):], fn.args.defaults)) + \
            [(a, d) for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults) if d is not None]
        numbers = {a.arg: _number(d) for a, d in given if _number(d) is not None}  # _number: no bools
        defaults = {id(d) for _, d in given}
        for node in ast.walk(fn):
            value = _number(node) if isinstance(node, (ast.Constant, ast.UnaryOp)) else None
            if value is None or id(node) in defaults:
                continue
            for name, default in numbers.items():
                small = 0 < abs(default) < 1e-2 and 0 < abs(value) < 1e-2
                if value == default or small:
                    lister.add(node, name, f"writes {lister.text(node)} where the argument {name} belongs", rank=2)


def _axes_counted(lister: _Lister, tree) -> None:
    """A count of axes read as a size (x.dim(), x.ndim where x.shape[-1] belongs)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dim" and \
                not node.args or isinstance(node, ast.Attribute) and node.attr == "ndim":
            inner = node.func.value if isinstance(node, ast.Call) else node.value
            lister.add(node, f"{lister.group(inner)}.shape[-1]", "counts the axes where a size belongs", rank=3)


def _dict_keys(lister: _Lister, tree, kinds: dict) -> None:
    """One entry of a dict input read for another (config["n_kv_heads"] where config["n_heads"]
    belongs): its keys as the case gave them (`kinds`: "dict of a, b, c")."""
    keys = {p: k.removeprefix("dict of ").split(", ") for p, k in kinds.items() if k.startswith("dict of ")}
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in keys and \
                isinstance(node.slice, ast.Constant) and node.slice.value in keys[node.value.id]:
            for other in keys[node.value.id]:
                if other != node.slice.value:
                    lister.add(node.slice, f'"{other}"', f"reads {node.slice.value} where {other} belongs", rank=2)


def _allocated_dtype(lister: _Lister, tree, kinds: dict) -> None:
    """An array allocated without a dtype (torch.zeros(B, T, d): float32; np.zeros(...): float64)
    where it is to hold the input's: `dtype=x.dtype` added, x the first array input."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        given = next((a.arg for a in fn.args.args if kinds.get(a.arg, "").startswith("array")), None)
        if given is None:
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                    isinstance(node.func.value, ast.Name) and node.func.value.id in ("np", "numpy", "torch") and \
                    node.func.attr in ("zeros", "ones", "empty", "full") and node.args and \
                    not any(k.arg == "dtype" for k in node.keywords) and node.lineno == node.end_lineno:
                text = lister.text(node)
                lister.add(node, f"{text[:-1]}, dtype={given}.dtype)",
                           f"allocates without {given}'s dtype: the default ({'float32' if lister.torch else 'float64'}) "
                           f"where {given}'s belongs", rank=2)


INT_DTYPES = {"int", "int8", "int16", "int32", "int64", "long", "short", "uint8", "intc", "int_"}
NARROW = {"int8": 2 ** 7 - 1, "int16": 2 ** 15 - 1, "int32": 2 ** 31 - 1, "short": 2 ** 15 - 1, "intc": 2 ** 31 - 1,
          "uint8": 2 ** 8 - 1}  # the integer dtypes a count of a long context's elements overflows


def _integer_dtype(lister: _Lister, tree, kinds: dict) -> None:
    """An array made with an integer dtype (np.zeros((T, d), dtype=int)) where the values written into
    it are fractions: the input's dtype where the function has an array input, else the float one."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        given = next((a.arg for a in fn.args.args if kinds.get(a.arg, "").startswith("array")), None)
        floating = f"{given}.dtype" if given else "torch.float32" if lister.torch else "float"
        for node in ast.walk(fn):
            if not isinstance(node, ast.Call):
                continue
            for k in node.keywords:
                v = k.value
                name = v.id if isinstance(v, ast.Name) else v.attr if isinstance(v, ast.Attribute) else \
                    v.value if isinstance(v, ast.Constant) and isinstance(v.value, str) else None
                if k.arg == "dtype" and name in NARROW and not given:
                    # a count in a calculator: its product overflows int32 (2^31 - 1) at long contexts
                    module = lister.text(v).rpartition(".")[0] or ("torch" if lister.torch else "np")
                    lister.add(v, f"{module}.int64", f"holds the products in {name}, which wraps around past "
                               f"{NARROW[name]:,}", rank=1)
                elif k.arg == "dtype" and name in INT_DTYPES:
                    lister.add(v, floating, f"makes an integer array ({lister.text(v)}) where the values it holds "
                               f"are fractions", rank=1)


def integer_tables(source: str, framework: str) -> list[dict]:
    """The edits that make an integer-dtype array float (_integer_dtype's alone, no other kind: what
    repair.mended asks before its search, without listing every edit twice)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lister = _Lister(source, framework)
    _integer_dtype(lister, tree, {})
    return lister.out


def _running_max_start(lister: _Lister, tree) -> None:
    """A running max that starts at 0 (`m = np.zeros(...)`, later `np.maximum(m, ...)`): started at
    -inf, as a max of nothing is (a row whose scores are all far below 0 underflows otherwise)."""
    maxed = {a.id for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) in ("maximum", "max", "fmax")
             for a in n.args if isinstance(a, ast.Name)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id in maxed):
            continue
        call, func = node.value, node.value.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in MODULES
                and func.attr in ("zeros", "zeros_like") and call.args and call.lineno == call.end_lineno):
            continue
        module = func.value.id
        inf = 'float("-inf")' if module == "torch" else f"-{module}.inf"
        size = lister.text(call.args[0]) if len(call.args) == 1 else f"({', '.join(map(lister.text, call.args))})"
        rest = "".join(f", {lister.text(k)}" for k in call.keywords)
        full = "full_like" if func.attr == "zeros_like" else "full"
        lister.add(call, f"{module}.{full}({size}, {inf}{rest})",
                   "starts a running max at 0 where -inf belongs (a max of nothing)", rank=1)


def _running_max_kept(lister: _Lister, tree) -> None:
    """A running max stored as the block's own max (`m_new = np.maximum(m[...], m_ij)`, then `m[...] = m_ij`):
    the new running max, the name that holds both, where the block's alone is written."""
    def base(node):
        return node.value if isinstance(node, ast.Subscript) else node
    running = {}  # the block's max -> (the running max's name, the name made from both)
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                isinstance(n.value, ast.Call) and _name(n.value.func) in ("maximum", "fmax") and len(n.value.args) == 2:
            a, b = (base(x) for x in n.value.args)
            if isinstance(a, ast.Name) and isinstance(b, ast.Name):
                running[b.id] = (a.id, n.targets[0].id)
                running[a.id] = (b.id, n.targets[0].id)
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.value, ast.Name) and \
                n.value.id in running and isinstance(base(n.targets[0]), ast.Name) and \
                base(n.targets[0]).id == running[n.value.id][0]:
            lister.add(n.value, running[n.value.id][1], f"keeps the block's own max {n.value.id} where the running "
                       f"max {running[n.value.id][1]} belongs", rank=1)


def _rescale_left_out(lister: _Lister, tree) -> None:
    """One running value rescaled by a factor (`acc = acc * alpha[:, None] + ...`) and another updated without it
    (`l_i = l_i + tl.sum(p, 1)`): the factor on the second too, bare and as a column (flash attention's two)."""
    factors, updated = set(), []
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            name = n.targets[0].id
            for b in ast.walk(n.value):
                for own, f in ((b.left, b.right), (b.right, b.left)) if isinstance(b, ast.BinOp) and \
                        isinstance(b.op, ast.Mult) else ():  # (`acc * alpha`, or `alpha * acc`)
                    if isinstance(own, ast.Name) and own.id == name:
                        f = f.value if isinstance(f, ast.Subscript) else f
                        factors |= {f.id} if isinstance(f, ast.Name) and f.id != name else set()
                if isinstance(b, ast.BinOp) and isinstance(b.op, ast.Add) and isinstance(b.left, ast.Name) and \
                        b.left.id == name:
                    updated.append((b, name))
        if isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add) and isinstance(n.target, ast.Name):
            updated.append((n, n.target.id))
    for node, name in updated:
        if node.lineno != node.end_lineno or any(f in lister.lines[node.lineno - 1] for f in factors):
            continue
        rest = lister.text(node.value) if isinstance(node, ast.AugAssign) else lister.text(node.right)
        for f in sorted(factors):
            for form in (f, f"{f}[:, None]"):
                new = f"{name} = {name} * {form} + {rest}" if isinstance(node, ast.AugAssign) else \
                    f"{name} * {form} + {rest}"
                lister.add(node, new, f"adds to {name} without rescaling it by {f}, as the other running value is",
                           rank=2)
    # (or one set afresh in the loop, `l = p.sum(-1)`, where it is made before it: its history dropped)
    for loop in (n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))) if factors else ():
        before = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < loop.lineno
                  for t in n.targets if isinstance(t, ast.Name)}
        for node in (n for b in loop.body for n in ast.walk(b)):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and node.targets[0].id in before - factors and node.lineno == node.end_lineno and \
                    isinstance(node.value, ast.Call) and re.search(r"\bsum\b", lister.text(node.value)) and \
                    node.targets[0].id not in {m.id for m in ast.walk(node.value) if isinstance(m, ast.Name)}:
                x = node.targets[0].id
                for f in sorted(factors):
                    lister.add(node.value, f"{f} * {x} + {lister.text(node.value)}", f"sets {x} afresh at each "
                               f"block where its rescaled history belongs ({f} * {x} + ...)", rank=2)


def _scale_of_another(lister: _Lister, tree, kinds: dict) -> None:
    """A scale's width read from another input (`1 / sqrt(v.shape[-1])`, v's width where q's belongs): each other
    input of the same rank in its place, on a line that takes a root."""
    arrays = [p for p, k in kinds.items() if k.startswith("array")]
    for n in ast.walk(tree):
        if isinstance(n, ast.Attribute) and n.attr == "shape" and isinstance(n.value, ast.Name) and \
                n.value.id in arrays and re.search(r"\b(sqrt|rsqrt)\(|\*\*\s*\(?-?0?\.5", lister.lines[n.lineno - 1]):
            for other in arrays:
                if other != n.value.id and kinds[other] == kinds[n.value.id]:
                    lister.add(n.value, other, f"takes the scale's width from {n.value.id} where {other}'s belongs",
                               rank=1)


def _scale_of_the_model(lister: _Lister, tree) -> None:
    """A scale's width read from the model's width (`1 / math.sqrt(C)`) in a file that splits it into heads
    (`C // self.n_head`): the head's width, as the file writes it, in its place, on a line that takes a root."""
    split = {}
    for n in ast.walk(tree):
        if isinstance(n, ast.BinOp) and isinstance(n.op, ast.FloorDiv) and n.lineno == n.end_lineno and \
                isinstance(n.left, (ast.Name, ast.Attribute)):
            split.setdefault(lister.text(n.left), lister.text(n))
    for n in ast.walk(tree):
        if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(getattr(n, "ctx", None), ast.Load) and \
                lister.text(n) in split and \
                re.search(r"\b(sqrt|rsqrt)\(|\*\*\s*\(?-?0?\.5", lister.lines[n.lineno - 1]) and \
                lister.text(n) + " //" not in lister.lines[n.lineno - 1]:
            lister.add(n, f"({split[lister.text(n)]})", f"takes the scale's width from {lister.text(n)}, the model's, "
                       "where a head's belongs", rank=1)


def _masked_with_zero(lister: _Lister, tree) -> None:
    """Masked scores set to 0 (`s[~mask] = 0.0`, `masked_fill(m, 0)`, `where(m, s, 0)`), which still
    get weight after the softmax, or to a finite -1e9, which gives a fully masked row the mean of the
    values, where -inf belongs."""
    inf = 'float("-inf")'
    for node in ast.walk(tree):
        fills = []
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript) \
                and re.search(r"mask|~|\bnot\b|[<>]=?", lister.text(node.targets[0].slice)):
            fills = [node.value]
        elif isinstance(node, ast.Call) and _name(node.func) in ("masked_fill", "masked_fill_") and len(node.args) == 2:
            fills = [node.args[1]]
        elif isinstance(node, ast.Call) and _name(node.func) == "where" and len(node.args) == 3:
            fills = node.args[1:]
        for fill in fills:
            if _number(fill) == 0:
                lister.add(fill, inf, "sets the masked scores to 0, which still get weight, where -inf belongs",
                           rank=1)
            elif (_number(fill) or 0) <= -1e4:
                lister.add(fill, inf, "sets the masked scores to a finite number, so a row with every key masked "
                           "gets the mean of the values, where -inf belongs", rank=1)


def _division_unguarded(lister: _Lister, tree) -> None:
    """A division by a row's sum (`e / den`, den = e.sum(-1)) that a row with every key masked makes 0 / 0: the
    sum guarded where it is 0, so that row comes out as zeros."""
    sums = {n.targets[0].id for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and re.search(r"\bsum\(", lister.text(n.value))}
    module = "torch" if lister.torch else "np"
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.right, ast.Name) and \
                node.right.id in sums:
            den = node.right.id
            lister.add(node.right, f"{module}.where({den} == 0, 1.0, {den})",
                       f"divides by {den}, which a row with every key masked makes 0", rank=2)


def _tanh_form(lister: _Lister, tree) -> None:
    """GELU's tanh approximation written out (`tanh(sqrt(2 / pi) * (h + 0.044715 * h ** 3))`) where the exact
    form belongs: erf(h / sqrt(2)) in the tanh's place (torch.erf, or an erf the file imports or defines)."""
    erfs = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and "erf" in n.name.lower()] + \
        [a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
         if a.name == "erf"]
    erf = "torch.erf" if lister.torch else erfs[0] if erfs else None
    for node in ast.walk(tree):
        if erf and isinstance(node, ast.Call) and _name(node.func) == "tanh" and len(node.args) == 1 and \
                node.lineno == node.end_lineno and "0.044715" in lister.text(node):
            inner = [b.left for b in ast.walk(node.args[0]) if isinstance(b, ast.BinOp) and isinstance(b.op, ast.Add)
                     and isinstance(b.left, ast.Name) and "0.044715" in lister.text(b.right)]
            if inner:
                x = inner[0].id
                imported = re.search(r"^\s*import math\b", "\n".join(lister.lines), re.M)
                root = "math.sqrt(2.0)" if imported else "2.0 ** 0.5"
                lister.add(node, f"{erf}({x} / {root})", "takes GELU's tanh approximation where the exact erf form "
                           "belongs", rank=1)


def _rotation_sign(lister: _Lister, tree) -> None:
    """A rotation's sign the other way round (`a * cos + b * sin` where `a * cos - b * sin` belongs): a sum or a
    difference of a cosine's product and a sine's, its operator flipped."""
    for node in ast.walk(tree):
        sides = (node.left, node.right) if isinstance(node, ast.BinOp) else ()
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and node.lineno == node.end_lineno \
                and all(isinstance(side, ast.BinOp) and isinstance(side.op, ast.Mult) for side in sides):
            left, right = lister.text(node.left), lister.text(node.right)
            if {bool(re.search(r"\bcos\b", left)), bool(re.search(r"\bcos\b", right))} == {True, False} and \
                    {bool(re.search(r"\bsin\b", left)), bool(re.search(r"\bsin\b", right))} == {True, False}:
                lister.add(node, f"{left} {'-' if isinstance(node.op, ast.Add) else '+'} {right}",
                           "rotates with the sine's sign the other way round", rank=1)


def _sibling_arguments(lister: _Lister, tree) -> None:
    """Two adjacent lines that call one function alike but for one argument, a number in one and a name in the
    other (`q = rope(xq, 0)`, `k = rope(xk, start_pos)`): the name in the number's place."""
    for block in (getattr(n, "body", None) for n in ast.walk(tree)):
        if not isinstance(block, list):
            continue
        for a, b in zip(block, block[1:]):
            calls = [s.value for s in (a, b) if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call)]
            if len(calls) != 2 or _name(calls[0].func) != _name(calls[1].func) or \
                    len(calls[0].args) != len(calls[1].args):
                continue
            for x, y in zip(calls[0].args, calls[1].args):
                for num, name in ((x, y), (y, x)):
                    if _number(num) is not None and isinstance(name, ast.Name):
                        lister.add(num, name.id, f"passes {lister.text(num)} where line {name.lineno} passes "
                                   f"{name.id}", rank=2)


def _residual_left_out(lister: _Lister, tree) -> None:
    """A sublayer's output kept alone (`y = self.ffn(self.ln2(h))`) in a forward that adds another to its
    input (`h = x + self.sa(self.ln1(x))`): the residual, the name the sublayer reads plus its output."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        def on_self(call) -> bool:
            return isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and \
                isinstance(call.func.value, ast.Name) and call.func.value.id == "self"
        added = [n for n in ast.walk(fn) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add)
                 and any(on_self(side) for side in (n.left, n.right))]
        if not added:
            continue
        for node in ast.walk(fn):
            value = node.value if isinstance(node, (ast.Assign, ast.Return)) else None
            if not on_self(value) or value.lineno != value.end_lineno:
                continue
            read = list(dict.fromkeys(n.id for n in ast.walk(value) if isinstance(n, ast.Name) and n.id != "self"))
            if len(read) == 1:
                lister.add(value, f"{read[0]} + {lister.text(value)}",
                           f"leaves out the residual: {read[0]} plus the sublayer's output belongs", rank=2)


def _adjacent_lane(lister: _Lister, tree) -> None:
    """A pair's second lane read from elsewhere (`b = x[..., i + half]`, the NeoX halves, a line below
    `a = x[..., 2 * i]`) where the lane beside the first belongs: `2 * i + 1`."""
    reads = [(n, n.slice.elts[-1] if isinstance(n.slice, ast.Tuple) else n.slice) for n in ast.walk(tree)
             if isinstance(n, ast.Subscript) and isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name)]
    reads = [(n, i) for n, i in reads if isinstance(i, (ast.BinOp, ast.Name)) and i.lineno == i.end_lineno]
    for a, ia in reads:
        for b, ib in reads:
            if a.value.id == b.value.id and b.lineno == a.lineno + 1 and lister.text(ia) != lister.text(ib):
                first = lister.text(ia) if isinstance(ia, ast.Name) or isinstance(ia.op, (ast.Mult, ast.Add)) \
                    else lister.group(ia)
                lister.add(ib, f"{first} + 1", "reads a lane apart from the one beside the pair's first", rank=2)


def _causal_offset(lister: _Lister, tree) -> None:
    """A causal mask aligned top-left (`s[i, i + 1:] = -inf`, `j > i`) where queries are the last Tq of Tk
    positions: the query's index moved by Tk - Tq, the two lengths as the file names them."""
    def length(pattern: str) -> str | None:
        names = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                 for t in (n.targets[0].elts if isinstance(n.targets[0], ast.Tuple) else [n.targets[0]])
                 if isinstance(t, ast.Name) and re.fullmatch(pattern, t.id, re.I)}
        return names.pop() if len(names) == 1 else None

    tk, tq = length(r"t_?k|n_?k|k_?len|len_?k|t_?kv|kv_?len"), length(r"t_?q|n_?q|q_?len|len_?q")
    if tk is None or tq is None:
        return
    for node in ast.walk(tree):
        bounds = []
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            bounds = [b for p in parts if isinstance(p, ast.Slice) for b in (p.lower, p.upper) if b is not None]
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Gt, ast.GtE, ast.Lt,
                                                                                                ast.LtE)):
            bounds = [node.left, node.comparators[0]]
        for b in bounds:
            if isinstance(b, (ast.Name, ast.BinOp)) and any(isinstance(n, ast.Name) and n.id not in (tk, tq)
                                                             for n in ast.walk(b)) and b.lineno == b.end_lineno:
                lister.add(b, f"{lister.text(b)} + {tk} - {tq}", f"aligns the mask top-left: the queries are the "
                                                                 f"last {tq} of {tk} positions", rank=2)


def _made_again(lister: _Lister, tree) -> None:
    """A local never read (`k = rope(x @ w_k ...)`) whose inner value a later line computes again
    (`new_k[...] = (x @ w_k)...`, the keys cached before RoPE): that local where the value is."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        read = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        made = {n.targets[0].id: n for n in ast.walk(fn) if isinstance(n, ast.Assign) and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name) and n.targets[0].id not in read
                and not n.targets[0].id.startswith("_") and isinstance(n.value, ast.Call)}
        for name, node in made.items():
            inner = {ast.dump(a) for a in node.value.args if isinstance(a, (ast.Call, ast.BinOp))}
            for later in ast.walk(fn):
                if isinstance(later, (ast.Call, ast.BinOp)) and getattr(later, "lineno", 0) > node.lineno \
                        and ast.dump(later) in inner:
                    lister.add(later, name, f"computes again the value {name} is made from (line {node.lineno}, "
                                            f"where {name} is never read)", rank=1)


def _joined_order(lister: _Lister, tree) -> None:
    """Two arrays joined in the other order (`cat((t, acc))` folding heads in reverse)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in ("cat", "concat", "concatenate", "stack", "hstack") \
                and node.args and isinstance(node.args[0], (ast.Tuple, ast.List)) and len(node.args[0].elts) == 2:
            a, b = node.args[0].elts
            if a.lineno == b.end_lineno:
                lister.add(node.args[0], f"({lister.text(b)}, {lister.text(a)})" if isinstance(node.args[0], ast.Tuple)
                           else f"[{lister.text(b)}, {lister.text(a)}]", "joins the two in the other order", rank=2)


def _split_transposed(lister: _Lister, tree) -> None:
    """An axis split as (2, n) then transposed (`reshape(..., 2, d // 2).swapaxes(-1, -2)`: halves) where
    (n, 2) belongs (adjacent pairs)."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _name(node.func) in ("swapaxes", "transpose") and
                [ast.unparse(a) for a in node.args] in (["-1", "-2"], ["-2", "-1"]) and
                isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Call) and
                _name(node.func.value.func) in ("reshape", "view") and len(node.func.value.args) >= 2):
            continue
        inner = node.func.value
        *lead, a, b = inner.args
        head = lister.text(inner)[:inner.args[0].col_offset - inner.col_offset] if inner.lineno == \
            inner.args[0].lineno else None
        if head is not None and node.lineno == node.end_lineno:
            parts = [lister.text(x) for x in lead] + [lister.text(b), lister.text(a)]
            lister.add(node, f"{head}{', '.join(parts)})", f"splits the axis as ({lister.text(a)}, "
                                                           f"{lister.text(b)}) and transposes, where "
                                                           f"({lister.text(b)}, {lister.text(a)}) belongs", rank=2)


def _running_update(lister: _Lister, tree) -> None:
    """A running value of a loop set afresh where its update belongs (`m = s.max(-1)` after
    `m_new = np.maximum(m, s.max(-1))`): set to a name the loop makes from it."""
    for loop in (n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))):
        body = [n for b in loop.body for n in ast.walk(b) if isinstance(n, ast.Assign) and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name)]
        for node in body:
            x = node.targets[0].id
            if any(isinstance(n, ast.Name) and n.id == x for n in ast.walk(node.value)):
                continue  # updated from itself already (l = l * a + ...)
            for other in body:
                y = other.targets[0].id
                if y != x and other.lineno < node.lineno and \
                        any(isinstance(n, ast.Name) and n.id == x for n in ast.walk(other.value)):
                    lister.add(node.value, y, f"sets {x} afresh where {y}, its update, belongs", rank=3)


def _modulo_for_group(lister: _Lister, tree) -> None:
    """j % n_kv (query heads dealt round the KV heads) where j // group belongs (consecutive query heads share
    one): a modulo where the floor division by a group size the function makes (`g = h // n_kv`) belongs."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        groups = sorted({t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) and isinstance(n.value, ast.BinOp)
                         and isinstance(n.value.op, ast.FloorDiv) for t in n.targets if isinstance(t, ast.Name)})
        for node in ast.walk(fn):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Name) \
                    and node.lineno == node.end_lineno:
                for g in groups:
                    lister.add(node, f"{node.left.id} // {g}", f"deals {node.left.id} round by the modulo where "
                               f"{node.left.id} // {g} belongs", rank=2)


def _copied_value(lister: _Lister, tree) -> None:
    """`new_k[...] = k` then `new_v[...] = k`: two adjacent lines storing the same value into targets named for two
    things (k, v), the value on one written for the other's (`v`, a name the function has)."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        known = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)} | {a.arg for a in fn.args.args}
        for block in (n.body for n in ast.walk(fn) if isinstance(getattr(n, "body", None), list)):
            for a, b in zip(block, block[1:]):
                if not (isinstance(a, ast.Assign) and isinstance(b, ast.Assign) and len(a.targets) == len(b.targets)
                        == 1 and ast.dump(a.value) == ast.dump(b.value) and b.lineno == b.end_lineno):
                    continue
                base = [t.value if isinstance(t, ast.Subscript) else t for t in (a.targets[0], b.targets[0])]
                if not all(isinstance(t, ast.Name) for t in base):
                    continue
                wa, wb = (t.id.split("_") for t in base)
                if len(wa) != len(wb) or sum(x != y for x, y in zip(wa, wb)) != 1:
                    continue
                x, y = next((x, y) for x, y in zip(wa, wb) if x != y)
                reads = [n for n in ast.walk(b.value) if isinstance(n, ast.Name) and n.id == x]
                if reads and y in known:
                    lister.add(b.value, _rewritten(lister, b.value, reads, {x: y}), f"stores {x} into {base[1].id}, "
                               f"where {y} belongs (line {a.lineno} stores {x} into {base[0].id})", rank=1)


def _max_of_exponentials(lister: _Lister, tree) -> None:
    """`s = tl.max(e, axis=0)` where e holds exponentials (`e = tl.exp(x)`): their max (1 after the shift) taken
    where their sum, the softmax's normaliser, belongs."""
    made = {t.id: {m.id for c in ast.walk(n.value) if isinstance(c, ast.Call) and _name(c.func) in ("exp", "exp2")
                   for m in ast.walk(c) if isinstance(m, ast.Name)}
            for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    exps = {e for e, inside in made.items() if inside}
    for node in ast.walk(tree):
        # tl.sum(x) where e = tl.exp(x - m) is made: the inputs summed where their exponentials belong
        if isinstance(node, ast.Call) and _name(node.func) == "sum" and node.args and \
                isinstance(node.args[0], ast.Name) and node.lineno == node.end_lineno:
            for e in sorted(e for e in exps if node.args[0].id in made[e] and e != node.args[0].id):
                lister.add(node.args[0], e, f"sums {node.args[0].id} where its exponentials {e} belong", rank=2)
        if isinstance(node, ast.Call) and _name(node.func) in ("max", "amax") and node.lineno == node.end_lineno:
            arg = node.func.value if isinstance(node.func, ast.Attribute) and not node.args else \
                node.args[0] if node.args else None
            if isinstance(arg, ast.Name) and arg.id in exps:
                start = node.func.end_col_offset - len(_name(node.func))
                lister.add(node.func, "sum", f"takes the max of the exponentials {arg.id} where their sum belongs",
                           (node.lineno, start, node.func.end_col_offset), rank=2)


def _stepped_twice(lister: _Lister, tree) -> None:
    """`2.0 * i` where i already steps by 2 (`map(lambda i: ..., range(0, d, 2))`, `for i in range(0, d, 2)`): the
    exponent 4i/d where 2i/d belongs; and a pair of indices taken in the other order (`for j in (1, 0)`)."""
    def by_two(it) -> bool:
        return isinstance(it, ast.Call) and _name(it.func) in ("range", "arange") and len(it.args) == 3 and \
            _int(it.args[2]) == 2
    stepped = {n.target.id for n in ast.walk(tree) if isinstance(n, (ast.For, ast.comprehension))
               and isinstance(n.target, ast.Name) and by_two(n.iter)}
    stepped |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) == "map" and
                len(n.args) == 2 and isinstance(n.args[0], ast.Lambda) and by_two(n.args[1])
                for a in n.args[0].args.args}
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno:
            for two, i in ((node.left, node.right), (node.right, node.left)):
                if _constant(two) in (2.0, -2.0) and isinstance(i, ast.Name) and i.id in stepped:
                    lister.add(node, i.id if _constant(two) > 0 else f"-{i.id}",
                               f"doubles {i.id}, which steps by 2 already", rank=2)
        if isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, ast.Tuple) and \
                len(node.iter.elts) == 2 and sorted(_int(e) for e in node.iter.elts if _int(e) is not None) == [0, 1]:
            a, b = node.iter.elts
            lister.add(node.iter, f"({lister.text(b)}, {lister.text(a)})", "takes the pair's two indices in the "
                       "other order", rank=2)


def _overwritten_in_loop(lister: _Lister, tree) -> None:
    """`acc = tl.dot(a, b)` (or `out = p @ v_h @ w_o[sl]`, one head's share) in a loop, acc set before it: each
    step overwrites the sum where it adds to it."""
    for loop in (n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))):
        before = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < loop.lineno
                  for t in n.targets if isinstance(t, ast.Name)}
        for node in (n for b in loop.body for n in ast.walk(b)):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and node.targets[0].id in before and node.lineno == node.end_lineno and \
                    (isinstance(node.value, ast.Call) and _name(node.value.func) in ("dot", "matmul") or
                     isinstance(node.value, ast.BinOp) and isinstance(node.value.op, ast.MatMult)) and \
                    node.targets[0].id not in {m.id for m in ast.walk(node.value) if isinstance(m, ast.Name)}:
                x = node.targets[0].id
                lister.add(node, f"{x} += {lister.text(node.value)}", f"overwrites {x} at each step where the "
                           f"products add up in it", rank=2)


def _strides_written(lister: _Lister, tree) -> None:
    """A tensor's two strides given by name (`"stride_am": a.shape[1], "stride_ak": 1`, or as keywords) as sizes or
    numbers, where its own strides belong (a transposed a is not packed): both written `a.stride(0)`, `a.stride(1)`."""
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | \
        {a.arg for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) for a in f.args.args}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            pairs = [(k.value, v) for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant)
                     and isinstance(k.value, str)]
        elif isinstance(node, ast.Call):
            pairs = [(k.arg, k.value) for k in node.keywords if k.arg]
        else:
            continue
        groups: dict = {}
        for key, value in pairs:
            m = re.fullmatch(r"stride_([a-z])([a-z])", key or "")
            if m and m.group(1) in names:
                groups.setdefault(m.group(1), []).append(value)
        for t, (first, second, *rest) in ((t, v) for t, v in groups.items() if len(v) == 2):
            if first.lineno != second.end_lineno or all(_name(getattr(v, "func", None)) == "stride"
                                                        for v in (first, second)):
                continue
            raw = lister.lines[first.lineno - 1].encode()
            middle = raw[first.end_col_offset:second.col_offset].decode()
            lister.add(first, f"{t}.stride(0){middle}{t}.stride(1)", f"writes {t}'s strides from its shape where "
                       f"its own strides belong (a transposed {t} is not packed)",
                       (first.lineno, first.col_offset, second.end_col_offset), rank=2)


def _first_mask_in_loop(lister: _Lister, tree) -> None:
    """`memory_mask[0]` inside `for b in range(B)`: the first sequence's mask for every one, where the loop's own
    (`memory_mask[b]`) belongs."""
    for loop in (n for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.target, ast.Name)):
        for node in (n for b in loop.body for n in ast.walk(b)):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
                    "mask" in node.value.id.lower() and _int(node.slice) == 0:
                lister.add(node.slice, loop.target.id, f"takes the first sequence's mask in every pass of the loop "
                           f"over {loop.target.id}", rank=2)


def _block_start(lister: _Lister, tree) -> None:
    """A block's start written as its index (`slice(i, i + hs)`, `x[:, i:i + hs]`: head i takes
    columns i .. i + hs - 1, the heads overlapping) where the index times the block's size belongs."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) == "slice" and len(node.args) == 2:
            low, high, sep = node.args[0], node.args[1], ", "
        elif isinstance(node, ast.Slice) and node.lower is not None and node.upper is not None and node.step is None:
            low, high, sep = node.lower, node.upper, ":"
        else:
            continue
        if not (isinstance(low, ast.Name) and isinstance(high, ast.BinOp) and isinstance(high.op, ast.Add)
                and isinstance(high.left, ast.Name) and high.left.id == low.id) or low.lineno != high.end_lineno:
            continue
        size = lister.group(high.right)
        span = (low.lineno, low.col_offset, high.end_col_offset)
        lister.add(low, f"{low.id} * {size}{sep}({low.id} + 1) * {size}",
                   f"starts block {low.id} at {low.id} where {low.id} * {size} belongs: the blocks overlap", span=span,
                   rank=2)


def _broadcast_swapped(lister: _Lister, tree) -> None:
    """A comparison of a column and a row (`offs_n[:, None] <= offs_m[None, :]`) laid out the other way round:
    the (rows, columns) mask transposed; each side given the other's new axis."""
    col, row = re.compile(r"^\s*:\s*,\s*None\s*$"), re.compile(r"^\s*None\s*,\s*:\s*$")
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and node.lineno == node.end_lineno):
            continue
        a, b = node.left, node.comparators[0]
        if not all(isinstance(x, ast.Subscript) for x in (a, b)):
            continue
        ia, ib = lister.text(a.slice), lister.text(b.slice)
        if col.match(ia) and row.match(ib) or row.match(ia) and col.match(ib):
            op = lister.text(node)[len(lister.text(a)):-len(lister.text(b))]
            lister.add(node, f"{lister.text(a.value)}[{ib}]{op}{lister.text(b.value)}[{ia}]",
                       "lays the comparison out the other way round (the mask transposed)", rank=2)


def _program_start(lister: _Lister, tree) -> None:
    """A program's tile started at its id (`pid + tl.arange(0, BLOCK)`: tiles one row apart, overlapping) where
    the id times the tile's size belongs."""
    pids = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
            and _name(n.value.func) == "program_id" for t in n.targets if isinstance(t, ast.Name)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
            continue
        for pid, other in ((node.left, node.right), (node.right, node.left)):
            tiles = [c for c in ast.walk(other) if isinstance(c, ast.Call) and _name(c.func) == "arange"
                     and len(c.args) == 2 and _number(c.args[0]) == 0]
            if isinstance(pid, ast.Name) and pid.id in pids and tiles:
                size = lister.group(tiles[0].args[1])
                lister.add(pid, f"{pid.id} * {size}", f"starts tile {pid.id} at row {pid.id} where {pid.id} * {size} "
                           "belongs: the tiles overlap", rank=1)


def _sign_flipped(lister: _Lister, tree) -> None:
    """A sign lost or a power's base inverted: a returned product negated (ALiBi's `m * |i - j|` where
    `-m * |i - j|` belongs), and a base of 2 or 0.5 written as the other (`np.power(0.5, -8 * h / n)`)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.BinOp) and \
                isinstance(node.value.op, (ast.Mult, ast.Div)):
            lister.add(node.value, f"-{lister.group(node.value)}", "has the sign the other way round", rank=3)
        base = node.args[0] if isinstance(node, ast.Call) and _name(node.func) in ("power", "pow") and node.args \
            else node.left if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow) else None
        if base is not None and _number(base) in (2, 0.5):
            lister.add(base, "0.5" if _number(base) == 2 else "2.0", "takes the power of the base's reciprocal "
                       "(2 for 0.5): the exponent's sign the other way round", rank=3)


def _log_base_and_turns(lister: _Lister, tree) -> None:
    """A logarithm of another base (`np.log10(10000.0)` where the natural log belongs), and a phase counted in turns
    (`2 * np.pi * n * omega`, a frequency in cycles where the angular one is given): the other logs, the 2 pi left
    out."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)) and \
                _name(node.func) in ("log", "log2", "log10") and node.lineno == node.end_lineno:
            span = (node.func.lineno, node.func.end_col_offset - len(_name(node.func)), node.func.end_col_offset)
            for other in ("log", "log2", "log10"):
                if other != _name(node.func):
                    lister.add(node.func, other, f"takes {_name(node.func)} where {other} belongs", span=span, rank=2)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno:
            turns = node.left
            while isinstance(turns, ast.BinOp) and isinstance(turns.op, ast.Mult) and \
                    not re.fullmatch(r"2(\.0*)?\s*\*\s*((np|math|torch)\.)?pi", lister.text(turns)):
                turns = turns.left
            if not re.fullmatch(r"2(\.0*)?\s*\*\s*((np|math|torch)\.)?pi", lister.text(turns)):
                continue
            why = "multiplies by 2 pi, a turn's angle, where the angle is given"
            if turns is node.left:  # (2 * np.pi) * pos
                lister.add(node, lister.text(node.right), why, rank=2)
            else:  # (2 * np.pi * n) * omega: the n kept
                span = (turns.lineno, turns.col_offset, node.left.end_col_offset)
                lister.add(node.left, lister.text(node.left)[len(lister.text(turns)):].lstrip(" *"), why, span=span,
                           rank=2)


def _named_constant(lister: _Lister, tree) -> None:
    """A number given a name (`LOG2E = 0.6931...`, ln 2 where log2(e) belongs): its reciprocal, as the
    operands of * and / are tried (binop)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) and \
                isinstance(node.value, ast.Constant) and type(node.value.value) is float and \
                node.value.value not in (0.0, 1.0, 0.5, 2.0):
            lister.add(node.value, f"{1 / node.value.value:.17g}",
                       f"gives {node.targets[0].id} the value {lister.text(node.value)} where its reciprocal belongs",
                       rank=3)


# constants a learner writes one for another, by group: each group's members tried for each other
# (sqrt(2/pi), the tanh GELU's, where erf's 1/sqrt(2) belongs; ln 2 where log2(e) belongs)
_CONFUSED = ({"1 / sqrt(2)": (2 ** -0.5, "2 ** -0.5"), "sqrt(2 / pi)": ((2 / math.pi) ** 0.5, "(2 / math.pi) ** 0.5"),
              "sqrt(2)": (2 ** 0.5, "2 ** 0.5"), "sqrt(2 pi)": ((2 * math.pi) ** 0.5, "(2 * math.pi) ** 0.5")},
             {"ln 2": (math.log(2), "math.log(2)"), "log2(e)": (1 / math.log(2), "1 / math.log(2)"),
              "ln 10": (math.log(10), "math.log(10)"), "log10(e)": (1 / math.log(10), "1 / math.log(10)")})
_CALLS = {"sqrt": math.sqrt, "log": math.log, "log2": math.log2, "log10": math.log10, "exp": math.exp}


def _constant(node) -> float | None:
    """The value of an expression of numbers, pi and e alone (`math.sqrt(2 / math.pi)`), else None."""
    if _number(node) is not None:  # a literal, -0.5 included
        return float(_number(node))
    if isinstance(node, ast.Attribute) and node.attr in ("pi", "e") and isinstance(node.value, ast.Name):
        return math.pi if node.attr == "pi" else math.e
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _constant(node.operand)
        return None if v is None else -v
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)):
        a, b = _constant(node.left), _constant(node.right)
        if a is None or b is None:
            return None
        try:
            return {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}.get(type(node.op)) if not isinstance(
                node.op, (ast.Div, ast.Pow)) else (a / b if isinstance(node.op, ast.Div) else float(a ** b))
        except (ZeroDivisionError, OverflowError, TypeError):
            return None
    if isinstance(node, ast.Call) and _name(node.func) in _CALLS and len(node.args) == 1 and not node.keywords:
        v = _constant(node.args[0])
        try:
            return None if v is None else _CALLS[_name(node.func)](v)
        except (ValueError, OverflowError):
            return None
    return None


def _default_written(lister: _Lister, tree) -> None:
    """A parameter's default written as a number where the parameter belongs (10000.0 in a helper given base,
    apply_rope's base=10000.0): the argument ignored."""
    fns = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    defaults = {}
    for fn in fns:
        args = fn.args.args[len(fn.args.args) - len(fn.args.defaults):]
        defaults.update({a.arg: _number(d) for a, d in zip(args, fn.args.defaults) if _number(d) not in (None, 0, 1)})
    for fn in fns:
        # (a default of the function's own: _named_constant's edit, in its words)
        own = {a.arg for a in fn.args.args[len(fn.args.args) - len(fn.args.defaults):]}
        params = {a.arg for a in [*fn.args.args, *fn.args.kwonlyargs]} & set(defaults) - own
        for node in (n for stmt in fn.body for n in ast.walk(stmt)):
            for p in sorted(params):
                if isinstance(node, ast.Constant) and _number(node) == defaults[p]:
                    lister.add(node, p, f"writes {p}'s default where the argument {p} belongs", rank=1)


def _decade(lister: _Lister, tree) -> None:
    """A round constant written a zero short or long (1000.0 for RoPE's and the encoding's 10000)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value >= 100 and \
                math.log10(node.value).is_integer():
            for factor in (10, 0.1):
                value = node.value * factor
                text = str(int(round(value))) + (".0" if isinstance(node.value, float) else "")
                lister.add(node, text, f"writes {lister.text(node)} where {text} belongs", rank=3)


_UNITS = {1024.0: "KiB", 1024.0 ** 2: "MiB", 1024.0 ** 3: "GiB", 1024.0 ** 4: "TiB",
          1e3: "kB", 1e6: "MB", 1e9: "GB", 1e12: "TB"}


def _unit_converted(lister: _Lister, tree) -> None:
    """A calculator's figure converted to a unit (`/ 1024 ** 3`, `* 1e-9`) where the task asks for
    the base unit: the operation dropped. Written here: units.py reads a conversion off the values,
    which an int() around it erases (int(b / 1024 ** 3) is 0 for most sizes)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.BinOp) or not isinstance(node.op, (ast.Div, ast.Mult)):
            continue
        value = _constant(node.right)
        if value is None or value == 0:
            continue
        factor = value if isinstance(node.op, ast.Div) else 1 / value
        unit = next((u for f, u in _UNITS.items() if abs(factor - f) <= 1e-9 * f), None)
        # the conversion as written (1024 ** 3, 2 ** 30, 1e9, 1000): a number the file computed itself is not one
        written = re.search(r"1024|\b2\s*\*\*\s*\d0\b|(?<![\d.])1e-?\d|\b10\s*\*\*|\b1_?000\b", lister.text(node.right))
        if unit is not None and written and _constant(node.left) is None:
            op = lister.text(node)[len(lister.text(node.left)):].strip()
            why = f"converts bytes to {unit} ({op}) where the task asks for bytes" if "i" in unit else \
                f"converts the figure to thousands, millions or billions ({op}: {unit} for bytes) where the task " \
                f"asks for the number itself"
            lister.add(node, lister.text(node.left), why, rank=1)


def _confused_constant(lister: _Lister, tree) -> None:
    """A known constant written where its neighbour belongs (sqrt(2/pi) for 1/sqrt(2) in erf's GELU)."""
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Constant, ast.BinOp, ast.Call)):
            continue
        value = _constant(node)
        if value is None or isinstance(node, ast.Constant) and type(node.value) is int:
            continue
        for group in _CONFUSED:
            was = next((name for name, (v, _) in group.items() if abs(value - v) <= 1e-4 * abs(v)), None)
            for name, (_, text) in group.items() if was else ():
                if name != was:
                    lister.add(node, text, f"writes {was} where {name} belongs", rank=3)


def _pointer_step(lister: _Lister, tree) -> None:
    """A pointer advanced by a count of elements where rows belong (`v_ptrs += BLOCK_N` for
    `BLOCK_N * stride_vn`): the step times each stride its address was made with."""
    made = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            made[node.targets[0].id] = node.value
    for node in ast.walk(tree):
        if not (isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add) and isinstance(node.target, ast.Name)
                and node.target.id in made and node.lineno == node.end_lineno):
            continue
        step = lister.text(node.value)
        strides = dict.fromkeys(lister.text(side) for m in ast.walk(made[node.target.id])
                                if isinstance(m, ast.BinOp) and isinstance(m.op, ast.Mult)
                                for side in (m.left, m.right) if isinstance(side, (ast.Name, ast.Attribute))
                                and re.search(r"stride|^s[a-z]?_|_s[a-z]?$|^s[a-z]{1,2}$", lister.text(side)))
        if any(re.search(rf"\b{re.escape(s)}\b", step) for s in strides):  # a stride in the step already
            continue
        for s in strides:
            lister.add(node.value, f"{lister.group(node.value)} * {s}",
                       f"advances {node.target.id} by {step} elements where {step} rows of stride {s} belong", rank=1)


def _log2e_dropped(lister: _Lister, tree) -> None:
    """A file that exponentiates with exp2: each scale it computes (a square root's reciprocal) with
    log2(e) folded in, which exp2 needs to give exp's softmax (exp(x) = exp2(x log2 e))."""
    if not any(isinstance(n, ast.Call) and _name(n.func) == "exp2" for n in ast.walk(tree)):
        return
    # (an assignment's value, or a launch's argument: `kernel[grid](q, k, v, o, T, 1.0 / D ** 0.5, ...)`)
    scales = [n.value for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1] + \
        [a for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript) for a in n.args]
    for value in scales:
        if value.lineno == value.end_lineno and re.search(r"\b(sqrt|rsqrt)\(|\*\*\s*\(?-?0?\.5", lister.text(value)) \
                and not re.search(r"1\.44|log2|LOG2", lister.text(value)):
            lister.add(value, f"{lister.group(value)} * 1.4426950408889634", "leaves out log2(e), which "
                       "exp2 needs folded into the scale (exp(x) = exp2(x log2 e))", rank=1)
    # (or where a kernel multiplies by the scale it was given: `qk = tl.dot(q, k) * scale`)
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and isinstance(node.right, ast.Name) and \
                re.search(r"(?i)scale", node.right.id) and not re.search(r"1\.44|log2|LOG2",
                                                                        lister.lines[node.lineno - 1].split("#")[0]):
            lister.add(node.right, f"{node.right.id} * 1.4426950408889634", "leaves out log2(e), which exp2 needs "
                       "folded into the scale (exp(x) = exp2(x log2 e))", rank=1)


def candidates(source: str, framework: str, first: list[int] | None = None, kinds: dict | None = None,
               most: int = MAX_EDITS) -> list[dict]:
    """The edits worth trying, those on the lines `first` (where the diagnosis saw the values leave)
    before the rest, the likeliest kinds first, in the file's order: {"line", "code", "was", "now",
    "why", "span", "source", "rank"}. `kinds`: the entry point's inputs' kinds, by name (see _names);
    `most`: how many."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lister = _Lister(source, framework)
    lister.defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    # the sizes read from an array's axes (n_k = k.shape[-2], `B, T, d = x.shape`): a length beside another
    # (those that bound a loop or a range: a length of positions, not a width)
    bounding = {x.id for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) in ("range", "arange")
                for a in n.args for x in ast.walk(a) if isinstance(x, ast.Name)}
    lister.lengths = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                      and re.fullmatch(r"[\w.]+\.(shape(\[[^\]]*\])?|size\([^)]*\))", ast.unparse(n.value))
                      for t in (n.targets[0].elts if isinstance(n.targets[0], ast.Tuple) else [n.targets[0]])
                      if isinstance(t, ast.Name) and t.id in bounding}
    lister.starts = sorted({a.arg for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) for a in n.args.args
                            if re.search(r"start|offset|past|prefix", a.arg)})
    lister.bounds = {id(a) for n in ast.walk(tree) if isinstance(n, ast.Call) and _name(n.func) in ("range", "arange")
                     for a in n.args}
    lister.loops = [n.target.id for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.target, ast.Name)
                    and isinstance(n.iter, ast.Call) and _name(n.iter.func) == "range" and len(n.iter.args) == 3]
    body = [n for n in ast.walk(tree) if not isinstance(n, (ast.Import, ast.ImportFrom))]
    for node in body:
        if isinstance(node, ast.Call):
            lister.call(node)
        elif isinstance(node, ast.Compare):
            lister.compare(node)
        elif isinstance(node, ast.BinOp):
            lister.binop(node)
        elif isinstance(node, ast.Subscript):
            lister.subscript(node)
            lister.new_axis(node)
        elif isinstance(node, ast.Expr):
            lister.statement(node)
        elif isinstance(node, ast.Assign):
            lister.unpacked(node)
        elif isinstance(node, ast.Attribute) and node.attr in ("T", "mT"):  # torch.matmul(x, w.T): no @ to read
            lister.operand(node)
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        lister.unused(fn, kinds or {})
    if kinds and not any(k.startswith("array") for k in kinds.values()):  # a calculator: sizes and a dtype's name
        for node in body:
            if isinstance(node, (ast.Assign, ast.Return)):
                lister.bits(node, {p for p, k in kinds.items() if k == "str"})
        for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
            lister.missing_factor(fn, {p for p, k in kinds.items() if k == "int"})
        _unit_converted(lister, tree)
        _sibling_products(lister, tree)
    _copied_value(lister, tree)  # (before _names, which writes the same copy as a rank-4 guess)
    _running_max_kept(lister, tree)  # (and this one, whose names _names swaps as a rank-4 guess)
    _names(lister, tree, kinds or {})
    _scale_of_another(lister, tree, kinds or {})  # (after: where _names swaps the input as a rank-0 guess, that holds)
    _scale_of_the_model(lister, tree)
    _siblings(lister, tree)
    _layers(lister, tree)
    _running_max_start(lister, tree)
    _rescale_left_out(lister, tree)
    _masked_with_zero(lister, tree)
    _residual_left_out(lister, tree)
    _division_unguarded(lister, tree)
    _tanh_form(lister, tree)
    _rotation_sign(lister, tree)
    _sibling_arguments(lister, tree)
    _adjacent_lane(lister, tree)
    _causal_offset(lister, tree)
    _made_again(lister, tree)
    _joined_order(lister, tree)
    _split_transposed(lister, tree)
    _named_constant(lister, tree)
    _sign_flipped(lister, tree)
    _log_base_and_turns(lister, tree)
    _confused_constant(lister, tree)
    _decade(lister, tree)
    _default_written(lister, tree)
    _swapped_calls(lister, tree)
    _statements_swapped(lister, tree)
    _half_dropped(lister, tree)
    _attribute_swapped(lister, tree)
    _unused_size(lister, tree)
    _halves_sliced(lister, tree)
    _modulo_for_group(lister, tree)
    _first_mask_in_loop(lister, tree)
    _strides_written(lister, tree)
    _overwritten_in_loop(lister, tree)
    _stepped_twice(lister, tree)
    _max_of_exponentials(lister, tree)
    _unused_max(lister, tree)
    _grid_sized(lister, tree)
    _stride_unused(lister, tree)
    _launch_sizes(lister, tree)
    _pointer_step(lister, tree)
    _log2e_dropped(lister, tree)
    _running_update(lister, tree)
    _block_start(lister, tree)
    _program_start(lister, tree)
    _broadcast_swapped(lister, tree)
    _argument_written(lister, tree)
    _copies_returned(lister, tree)
    _axes_counted(lister, tree)
    _allocated_dtype(lister, tree, kinds or {})
    _integer_dtype(lister, tree, kinds or {})
    _dict_keys(lister, tree, kinds or {})
    first = first or []
    out = lister.out
    ranked = sorted(range(len(out)), key=lambda i: (out[i]["line"] not in first, out[i]["rank"], out[i]["line"], i))
    return [out[i] for i in ranked][:most]
