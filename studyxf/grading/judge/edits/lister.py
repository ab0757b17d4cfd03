"""The node-by-node edits (calls, comparisons, operators, subscripts, unpackings) and the helpers the
other edit families share."""

from __future__ import annotations

import ast
import math
import re
import types
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
         "selu": "silu", "SELU": "SiLU", "elu": "gelu", "ELU": "GELU",
         # an operator written as a function (`np.multiply(z, math.sqrt(2.0))` where np.divide belongs)
         "multiply": "divide", "divide": "multiply", "add": "subtract", "subtract": "add", "mul": "div", "div": "mul",
         "sub": "add"}
ORDERED = {"power", "pow", "float_power", "subtract", "divide", "true_divide", "arctan2", "atan2", "fmod", "remainder",
           "mod", "ldexp"}  # functions of two arguments that do not commute
ACTIVATIONS = {"gelu", "relu", "silu", "tanh", "sigmoid", "softmax", "GELU", "ReLU", "SiLU"}
STATISTIC_KEYWORDS = {"ddof", "unbiased", "correction"}  # a variance's divisor
FLIPPED = {ast.Lt: (">", "<=", ">="), ast.LtE: ("<", ">=", ">"), ast.Gt: ("<", ">=", "<="),
           ast.GtE: (">", "<=", "<"), ast.Eq: ("!=",), ast.NotEq: ("==",)}
OPERATOR = {ast.Add: "-", ast.Sub: "+", ast.Mult: "/", ast.Div: "*", ast.FloorDiv: "/"}
ALSO = {ast.Add: "*", ast.Mult: "**"}  # a second operator tried: a gate added to what it multiplies, x * 2
SYMBOL = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.MatMult: "@", ast.Pow: "**", ast.FloorDiv: "//",
          ast.Mod: "%"}
ACTIVATIONS = {"gelu", "relu", "silu", "sigmoid", "tanh", "erf", "softplus", "GELU", "ReLU", "SiLU"}
MODULES = {"np", "numpy", "torch", "math", "F", "nn", "tl", "triton"}
SIBLING_DTYPES = {"fp16": "bf16", "bf16": "fp16", "float16": "bfloat16", "bfloat16": "float16"}  # 2 bytes each
MAX_EDITS = 320  # each tried on the smallest failing case: about 1 ms in the sandbox


def as_int(node) -> int | None:
    """The node's value where it is an int written as a literal (-1 included)."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) is int:
        return -node.operand.value
    return None


def numeral(node) -> float | None:
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
    while isinstance(value, ast.Call) and callee(value.func) in ("contiguous", "clone", "copy") and \
            isinstance(value.func, ast.Attribute):
        value = value.func.value
    return isinstance(value, ast.Call) and callee(value.func) in ("transpose", "permute", "swapaxes", "moveaxis",
                                                                 "flatten")


def callee(func) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


class Lister:
    def __init__(self, source: str, framework: str):
        self.lines = source.splitlines(keepends=True)
        self.torch = framework == "torch"
        self.out: list[dict] = []
        self.seen: set[str] = set()
        self.defined: set[str] = set()  # the file's own functions (a gelu it wrote)
        self.loops: list[str] = []  # the loop variables of `for j0 in range(0, T, block)`, over blocks
        self.bounds: set[int] = set()  # the ids of range() and arange() arguments
        self.constants: dict = {}  # the module's names bound to a number (`kAxis = 0`), to their number's node
        self.numbered: dict = {}  # every name bound to an integer anywhere (`axis = 0`), to each number's node

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
        name = callee(node.func)
        method = isinstance(node.func, ast.Attribute) and not (
            isinstance(node.func.value, ast.Name) and node.func.value.id in MODULES)
        # np.split(x, 2, axis=-1), x.chunk(2, dim=-1): the two halves where the interleaved pairs belong (RoPE)
        halves = (node.args[0] if not method and node.args else node.func.value if method else None)
        if name in ("split", "chunk", "array_split") and halves is not None and \
                as_int(node.args[1 if not method else 0] if len(node.args) > (1 if not method else 0) else None) == 2:
            x = self.group(halves)
            self.add(node, f"({x}[..., 0::2], {x}[..., 1::2])", "takes the two halves where the interleaved pairs "
                     "(x[2i], x[2i + 1]) belong", rank=2)
        if name in ("masked_fill", "masked_fill_") and method and node.args:  # the mask the other way round
            cond = node.args[0]
            if isinstance(cond, ast.UnaryOp) and isinstance(cond.op, ast.Invert):
                self.add(cond, self.text(cond.operand), "fills where the mask allows (the mask inverted)", rank=2)
            elif isinstance(cond, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
                self.add(cond, f"~{self.text(cond)}", "fills where the mask allows (the mask inverted)", rank=2)
        if name == "stride" and method and len(node.args) == 1 and as_int(node.args[0]) in (0, 1, 2, 3, -1, -2) and \
                node.lineno == node.end_lineno:
            # x.stride(1) where x.stride(0) belongs: the column stride passed as the row stride (a (B, H, T, d)
            # tensor's stride(3) for its rows' stride(2))
            other = {0: 1, 1: 0, 2: 3, 3: 2, -1: -2, -2: -1}[as_int(node.args[0])]
            self.add(node.args[0], str(other), f"reads the stride of axis {as_int(node.args[0])} where axis {other}'s "
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
        if name in ORDERED and len(node.args) == 2 and node.lineno == node.end_lineno and not node.keywords:
            a, b = node.args  # np.power(e, 2.0) for np.power(2.0, e): a function whose two arguments do not commute
            raw = self.lines[node.lineno - 1].encode()
            between = raw[a.end_col_offset:b.col_offset].decode()
            self.add(node, f"{raw[node.col_offset:a.col_offset].decode()}{self.text(b)}{between}{self.text(a)}"
                           f"{raw[b.end_col_offset:node.end_col_offset].decode()}",
                     f"takes its two arguments the other way round ({name}(a, b) is not {name}(b, a))", rank=2)
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
            if len(node.args) > at and as_int(node.args[at]) is not None:
                axis = node.args[at]
        elif axis is not None:
            axis = axis.value
        axes = [axis]
        if isinstance(axis, ast.Name) and axis.id in self.constants:  # `axis=kAxis`: the axis where it is written
            axes = [self.constants[axis.id]]
        elif isinstance(axis, ast.Name):  # (or each local assignment of it, `case _: axis = 0`)
            axes = self.numbered.get(axis.id, [])
        for axis in axes:
            if axis is None or as_int(axis) is None:
                continue
            likely = -2 if as_int(axis) == -1 else -1
            for a in AXES:
                if a != as_int(axis):
                    self.add(axis, str(a), f"works along axis {as_int(axis)} where axis {a} belongs",
                             rank=1 if a == likely else 3)
        # an exponent's sign lost or doubled (z / (1 + exp(z)) for a sigmoid's exp(-z))
        if name in ("exp", "exp2", "expm1") and len(node.args) == 1 and not node.keywords and not (
                isinstance(node.args[0], ast.BinOp) and isinstance(node.args[0].op, ast.Sub)):  # a - b: swapped
            arg = node.args[0]
            flipped = self.text(arg.operand) if isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.USub) \
                else "-" + self.group(arg)
            self.add(arg, flipped, "has the exponent's sign the other way round", rank=2)
        # a masked load's fill: 0 where -inf belongs (lanes past a row that enter its max and its sum), or the other way
        if name == "load":
            other = next((k.value for k in node.keywords if k.arg == "other"), None)
            if other is not None and numeral(other) == 0:
                self.add(other, 'float("-inf")', "fills the lanes its mask turns off with 0, which take part in what "
                         "follows, where -inf belongs", rank=3)
            elif other is not None and "inf" in self.text(other):
                self.add(other, "0.0", "fills the lanes its mask turns off with -inf where 0 belongs", rank=2)
        # np.power(base, i / d) for np.power(base, -i / d), `torch.pow(input=b, exponent=e)` too
        if name in ("pow", "power", "float_power"):
            words = {k.arg: k.value for k in node.keywords}
            e = node.args[1] if len(node.args) == 2 else words.get("exponent")
            base = node.args[0] if node.args else words.get("input") or words.get("self")
            # (not a number's power: its reciprocal, 2.0 for 0.5, is the edit a learner's slip is likelier to be)
            if e is not None and numeral(e) is None and numeral(base) is None and e.lineno == e.end_lineno and \
                    not (isinstance(e, ast.UnaryOp) and isinstance(e.op, ast.USub)):
                self.add(e, f"-{self.group(e)}", "has the exponent's sign the other way round", rank=2)
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
                as_int(node.args[-1].right) == 2:
            end, lo = node.args[-1], (self.text(node.args[0]) if len(node.args) == 2 else "0")
            self.add(node, self.text(node)[:node.args[0].col_offset - node.col_offset] +
                     f"{lo}, {self.text(end.left)}, 2{self.text(node)[end.end_col_offset - node.col_offset:]}",
                     "counts the pairs 0, 1, 2, ... where their even indices 0, 2, 4, ... belong", rank=2)
        # x.reshape(B, G, Hkv, T, D).transpose(1, 2): an axis split in one order and its two parts swapped, where
        # the split in the other order belongs (query head j on KV head j // G, not j % Hkv)
        inner = node.func.value if method else None
        if name in ("transpose", "swapaxes") and isinstance(inner, ast.Call) and \
                callee(inner.func) in ("reshape", "view") and isinstance(inner.func, ast.Attribute) and \
                len(node.args) == 2 and node.lineno == node.end_lineno and \
                not any(isinstance(a, ast.Starred) for a in inner.args):
            a, b = sorted(as_int(x) if as_int(x) is not None else 99 for x in node.args)
            args = [self.text(x) for x in inner.args]
            a, b = (a % len(args), b % len(args)) if -len(args) <= a and b < len(args) else (None, None)
            if a is not None and b == a + 1 and args[a] != args[b]:
                args[a], args[b] = args[b], args[a]
                self.add(node, f"{self.group(inner.func.value)}.{callee(inner.func)}({', '.join(args)})",
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
            for k in sorted((getattr(self, "lengths", set()) | getattr(self, "ends", {}).get(q, set())) - {q}):
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
                node.lineno == node.end_lineno and axis is not None and as_int(axis) == -1:
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
        if name in ("permute", "transpose") and 3 <= len(order) <= 5 and all(as_int(a) is not None for a in order) and \
                node.lineno == node.end_lineno and not node.keywords:
            axes = [str(as_int(a)) for a in order]
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
                callee(inner.func) in ("reshape", "view") and len(inner.args) == len(order) and \
                inner.lineno == node.end_lineno and all(as_int(a) is not None for a in order):
            sizes = [self.text(a) for a in inner.args]
            axes = [as_int(a) % len(order) for a in order]
            raw = self.lines[node.lineno - 1].encode()
            start = inner.func.end_col_offset - len(callee(inner.func))  # view(...).permute(...), written whole
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
            if bound is not None and numeral(bound) == 0 and (method or node.args):
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
            if given is not None and as_int(given) is None and given.lineno == given.end_lineno:
                for d in ("+ 1", "- 1"):  # a diagonal computed (Tk - T): one off as well
                    self.add(given, f"{self.group(given)} {d}", "puts the diagonal one off", rank=1)
            if given is not None and as_int(given) is not None:
                for d in (-1, 1):
                    self.add(given, str(as_int(given) + d), "puts the diagonal one off", rank=1)
                # a chunk's queries start at start_pos: its mask aligned top-left, where the diagonal moves
                # by the start (bottom right: triu(start_pos + 1))
                for s in getattr(self, "starts", ()):
                    c = as_int(given)
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
                    self.add(given, f"{other}{lead}{-as_int(given)}{tail}", f"keeps the other triangle: {other} with "
                             f"diagonal {-as_int(given)} belongs",
                             span=(func.lineno, start, node.end_col_offset), rank=1)
            elif given is None and node.lineno == node.end_lineno:
                for d in (1, -1):
                    self.add(node, self.text(node)[:-1] + (f"{', ' if node.args and not method else ''}{d})"),
                             "puts the diagonal one off", rank=1)
                # a triangle of a (Tq, Tk) block aligned top-left where the diagonal moves by Tk - Tq (bottom right)
                # (`torch.tril(torch.ones((T, L)))`, or `torch.ones(T, L).tril()`)
                made = node.args[0] if node.args and not method else node.func.value if method else None
                sizes = (made.args[0].elts if isinstance(made.args[0], ast.Tuple) else made.args[:2]) \
                    if isinstance(made, ast.Call) and callee(made.func) in ("ones", "ones_like") and made.args else []
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
                if as_int(arg) is not None:
                    for d in (-1, 1):
                        self.add(arg, str(as_int(arg) + d), "is one off", rank=2)
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
        # m.repeat(h, 1) (torch) or np.tile(m, (h, 1)): the whole array tiled h times where each row repeated h times
        # in turn belongs (a (batch, head) row order: repeat_interleave)
        tiled = node.args if name == "repeat" and method and self.torch else \
            node.args[1].elts if name == "tile" and len(node.args) == 2 and isinstance(node.args[1], ast.Tuple) else []
        counts = [i for i, a in enumerate(tiled) if as_int(a) != 1]
        if len(counts) == 1 and len(tiled) > 1 and not node.keywords and node.lineno == node.end_lineno:
            i, k = counts[0], self.text(tiled[counts[0]])
            now = f"{self.group(node.func.value)}.repeat_interleave({k}, dim={i})" if method else \
                f"np.repeat({self.text(node.args[0])}, {k}, axis={i})"
            self.add(node, now, "tiles the whole array where each entry repeated in turn belongs", rank=2)
        kept = {k.arg for k in node.keywords}
        if name in ("sum", "max", "amax", "mean", "var", "std", "min", "amin") and node.lineno == node.end_lineno \
                and not kept & {"axis", "dim", None} and len(node.args) == (0 if method else 1):
            # np.sum(E), x.mean(keepdims=True): every element reduced, where each row's own belongs (one normaliser,
            # or one mean, for the matrix)
            keep = "" if kept & {"keepdims", "keepdim"} else f", {'keepdim' if self.torch else 'keepdims'}=True"
            self.add(node, f"{self.text(node)[:-1]}{', ' if node.args or node.keywords else ''}"
                     f"{'dim' if self.torch else 'axis'}=-1{keep})", "reduces the whole array where each row's own "
                     "belongs", rank=2)
        if name == "log" and node.args and node.lineno == node.end_lineno:
            # log(sum(exp(s - m))) where m + log(...) belongs: the max taken out of a logsumexp not added back
            shifts = [e.args[0].right for e in ast.walk(node.args[0]) if isinstance(e, ast.Call) and
                      callee(e.func) in ("exp", "exp2") and e.args and isinstance(e.args[0], ast.BinOp)
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
                callee(node.args[-1].func) in ACTIVATIONS and node.lineno == node.end_lineno:  # an MLP ending in GELU
            last = node.args[-1]
            self.add(node, f"{self.text(node.func)}({', '.join(self.text(a) for a in node.args[:-1])})",
                     f"ends with {callee(last.func)}, an activation that does not belong after the last layer", rank=3)
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
        key = node.slice
        if isinstance(node.ctx, ast.Store) and isinstance(key, ast.BinOp) and isinstance(key.op, ast.Sub) and \
                isinstance(key.right, ast.Name) and node.lineno == node.end_lineno:
            # seen[target - x] = i where seen[x] = i belongs: the complement stored, where the value is (and
            # looked up by its complement)
            self.add(key, self.text(key.right), f"stores under {self.text(key)} where {self.text(key.right)} "
                     "belongs", rank=2)
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        for part in parts:
            for bound in (part.lower, part.upper) if isinstance(part, ast.Slice) else ():
                if isinstance(bound, (ast.BinOp, ast.Name)) and bound.lineno == bound.end_lineno:
                    for d in ("+ 1", "- 1"):
                        self.add(bound, f"{self.text(bound)} {d}", "is one off",
                                 rank=2 if isinstance(node.ctx, ast.Store) else 3)
            # a slice stopping one short of the end (`pe[:, 1:-1:2]` where `1::2` belongs)
            if isinstance(part, ast.Slice) and as_int(part.upper) == -1 and part.lineno == part.end_lineno:
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
        if isinstance(whole, ast.Slice) and whole.lower is None and whole.upper is None and as_int(whole.step) == -1:
            self.add(node, self.text(node.value), "reverses the order", rank=3)
        # mask[0]: the first sequence's mask for every batch element, where each has its own (a head axis)
        if isinstance(node.value, ast.Name) and "mask" in node.value.id.lower() and as_int(node.slice) == 0:
            self.add(node, f"{node.value.id}[:, None]", "takes the first sequence's mask for every sequence",
                     rank=2)
        if isinstance(node.value, ast.Attribute) and node.value.attr == "shape" and isinstance(node.slice, ast.Slice) \
                and node.slice.lower is None and as_int(node.slice.upper) in (1, -1, 2, -2):
            end = as_int(node.slice.upper)
            self.add(node.slice.upper, str(-end), f"keeps the axes before {end} where those before {-end} belong",
                     rank=3)
        if isinstance(node.value, ast.Attribute) and node.value.attr == "shape" and as_int(node.slice) is not None:
            c = as_int(node.slice)
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
        elif sa.step is not None and sb.step is not None and as_int(sa.step) == as_int(sb.step) == 2:
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
        # a product that leaves out a 2 (K and V both cached, a multiply-add's two FLOPs): each product of sizes
        for node in ast.walk(fn):
            value = getattr(node, "value", None)
            if not isinstance(node, (ast.Assign, ast.Return)) or value is None or value.lineno != value.end_lineno or \
                    any(isinstance(n, ast.Constant) and n.value == 2 for n in ast.walk(value)):
                continue
            # (the statement's product, or the one product inside it: `sum(n_scores * head_dim for _ in ...)`)
            inner = [n for n in ast.walk(value) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mult)
                     and not any(isinstance(p, ast.BinOp) and isinstance(p.op, ast.Mult) and p is not n and
                                 (p.left is n or p.right is n) for p in ast.walk(value))]
            product = value if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult) else \
                inner[0] if len(inner) == 1 else None
            if product is not None:
                self.add(product, f"2 * {self.group(product)}", "leaves out a factor 2", rank=3)
        # a factor counted twice: each size of a product's tuple taken out (`reduce(mul, (layers, heads), per)` where
        # per holds the heads already; `math.prod((batch, heads, T, T))`)
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and callee(node.func) in ("prod", "reduce") and \
                    node.lineno == node.end_lineno:
                for t in (a for a in node.args if isinstance(a, ast.Tuple) and len(a.elts) >= 2):
                    for i, e in enumerate(t.elts):
                        rest = [self.text(x) for j, x in enumerate(t.elts) if j != i]
                        self.add(t, f"({', '.join(rest)}{',' if len(rest) == 1 else ''})", f"counts "
                                 f"{self.text(e)} in the product where it is counted already", rank=3)

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
        if isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)) and isinstance(node.left, ast.Call) and \
                len(node.left.args) == 1 and not node.left.keywords and node.lineno == node.end_lineno and \
                (callee(node.left.func) in ACTIVATIONS or callee(node.left.func) in getattr(self, "defined", ())):
            # gelu(x @ w1) + b1 for gelu(x @ w1 + b1), erf(z) / sqrt(2) for erf(z / sqrt(2)): a term applied after
            # the function, where it goes into its argument (a bias added after the activation, a parenthesis
            # closed early)
            call, op = node.left, SYMBOL[type(node.op)]
            arg = self.text(call.args[0]) if isinstance(node.op, (ast.Add, ast.Sub)) else self.group(call.args[0])
            self.add(node, f"{self.text(call.func)}({arg} {op} {self.group(node.right)})",
                     "applies the term after the function, where it goes into its argument",
                     rank=2 if isinstance(node.op, ast.Add) or callee(call.func) == "erf" else 3)
        if isinstance(node.op, ast.Mult) and isinstance(node.right, ast.BinOp) and \
                isinstance(node.right.op, (ast.Add, ast.Sub)) and isinstance(node.right.left, ast.Name) and \
                isinstance(node.right.right, ast.Constant) and node.lineno == node.end_lineno:
            # start * (h + 1) for start ** (h + 1): a count multiplied where it is the power (slopes that grow
            # linearly where they decay geometrically)
            self.add(node, f"{self.group(node.left)} ** {self.group(node.right)}", "multiplies by the count where "
                     "it is the power", rank=3)
        if isinstance(node.op, (ast.Div, ast.FloorDiv)) and isinstance(node.left, ast.BinOp) and \
                isinstance(node.left.op, ast.Div) and node.lineno == node.end_lineno:
            # s / d // h ** 0.5 for s / (d // h) ** 0.5: the divisor's own quotient left outside the parentheses
            # (its power taken of h alone), so the scores are divided twice
            c = node.right
            divisor = f"{self.group(node.left.right)} {SYMBOL[type(node.op)]} " + \
                (self.group(c.left) if isinstance(c, ast.BinOp) and isinstance(c.op, ast.Pow) else self.group(c))
            power = f" ** {self.group(c.right)}" if isinstance(c, ast.BinOp) and isinstance(c.op, ast.Pow) else ""
            self.add(node, f"{self.group(node.left.left)} / ({divisor}){power}", "divides by each part of the divisor "
                     "in turn: the parentheses around the divisor's own quotient are left out", rank=2)
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
        if isinstance(node.op, ast.Pow) and node.lineno == node.end_lineno and numeral(node.right) is None and \
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
                isinstance(node.right, ast.Name) or numeral(node.right) not in (None, 0, 1, -1)):
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
                if other == "**" and as_int(node.right) not in (2, 3):  # x * 2 for x ** 2; T ** T is no slip
                    continue
                if other in ("*", "/") and 1 in (numeral(node.right), numeral(node.left) if other == "*" else None):
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
                isinstance(node.right, (ast.Name, ast.Attribute)) and numeral(node.left) is None:
            # T // BLOCK_M programs for T rows: the last, partial block gets none
            a, b = self.group(node.left), self.group(node.right)
            self.add(node, f"({a} + {b} - 1) // {b}", f"counts the whole blocks of {b} only: the last, partial "
                                                      f"one needs a program too",
                     rank=1 if re.search(r"block|tile|\bB[MNK]\b", b, re.I) else 3)  # a block count: likeliest
        if isinstance(node.op, (ast.Mult, ast.Div)) and node.lineno == node.end_lineno and \
                isinstance(node.right, (ast.Name, ast.Attribute)) and numeral(node.left) is None:
            # s * scale where q was scaled already: a named factor applied twice (the scores scaled twice)
            verb = "multiplies by" if isinstance(node.op, ast.Mult) else "divides by"
            self.add(node, self.text(node.left), f"{verb} {self.text(node.right)}, a factor that does not belong",
                     rank=3)
        # -n_heads / 8 for -8 / n_heads (ALiBi's slope ratio): a number and a name divided the other way round
        if isinstance(node.op, ast.Div) and node.lineno == node.end_lineno:
            neg = isinstance(node.left, ast.UnaryOp) and isinstance(node.left.op, ast.USub)
            left = node.left.operand if neg else node.left
            if isinstance(left, ast.Name) and numeral(node.right) is not None or \
                    isinstance(node.right, ast.Name) and numeral(left) is not None:
                self.add(node, f"{'-' if neg else ''}{self.text(node.right)} / {self.text(left)}",
                         "divides the other way round", rank=3)
        # (i - j) where the distance |i - j| belongs (ALiBi's keys after the query given a bonus)
        if isinstance(node.op, ast.Sub) and node.lineno == node.end_lineno and \
                all(isinstance(s, (ast.Name, ast.Subscript)) for s in (node.left, node.right)):
            self.add(node, f"abs({self.text(node)})", "uses the signed difference where the distance (its absolute "
                     "value) belongs", rank=3)
        # L * B * H * T * T where one layer's count belongs: the product's first factor, a name, left out
        if isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno and \
                isinstance(node.left, (ast.Name, ast.Attribute)) and numeral(node.right) is None:
            self.add(node, self.text(node.right), f"multiplies by {self.text(node.left)}, a factor that does not "
                     f"belong", rank=3)
        if isinstance(node.op, ast.Sub) and node.lineno == node.end_lineno and (
                callee(getattr(node.right, "func", None)) in ("mean", "average", "nanmean")
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
            self.add(node.right, f"{1 / c:.17g}", f"writes {self.text(node.right)} where its reciprocal belongs",
                     rank=3)
        if isinstance(node.op, ast.Pow) and numeral(node.right) in (0.5, -0.5):  # the root multiplies where it divides
            self.add(node.right, f"({-numeral(node.right)})" if self.text(node.right).startswith("(") else
                     str(-numeral(node.right)), "has the exponent's sign the wrong way round", rank=2)
        if isinstance(node.op, ast.Pow) and numeral(node.right) == 2 and isinstance(node.left, ast.Call) and \
                callee(node.left.func) in ("mean", "sum"):  # mean(x)^2 for mean(x^2)
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
        if isinstance(node.op, ast.Pow) and numeral(node.right) == 2:
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
        if isinstance(node.op, (ast.Add, ast.Sub)) and as_int(node.right) in (1, 2):
            c = as_int(node.right) * (1 if isinstance(node.op, ast.Add) else -1)
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


def rewritten(lister: Lister, value, names: list, new: dict) -> str:
    """The expression's text (on one line) with each Name node of `names` written as new[its id]."""
    raw = lister.lines[value.lineno - 1].encode()
    out, at = b"", value.col_offset
    for n in sorted(names, key=lambda n: n.col_offset):
        out += raw[at:n.col_offset] + new[n.id].encode()
        at = n.end_col_offset
    return (out + raw[at:value.end_col_offset]).decode()


def name_words(name: str) -> set[str]:
    """A name's words (blk_max: blk, max; rowMax: row, max), for names read alike."""
    return {w.lower() for w in re.findall(r"[A-Za-z][a-z]*|[A-Z]+(?![a-z])", name) if len(w) > 1}
_CALLS = {"sqrt": math.sqrt, "log": math.log, "log2": math.log2, "log10": math.log10, "exp": math.exp}


def constant_of(node) -> float | None:
    """The value of an expression of numbers, pi and e alone (`math.sqrt(2 / math.pi)`), else None."""
    if numeral(node) is not None:  # a literal, -0.5 included
        return float(numeral(node))
    if isinstance(node, ast.Attribute) and node.attr in ("pi", "e") and isinstance(node.value, ast.Name):
        return math.pi if node.attr == "pi" else math.e
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = constant_of(node.operand)
        return None if v is None else -v
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)):
        a, b = constant_of(node.left), constant_of(node.right)
        if a is None or b is None:
            return None
        try:
            return {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b}.get(type(node.op)) if not isinstance(
                node.op, (ast.Div, ast.Pow)) else (a / b if isinstance(node.op, ast.Div) else float(a ** b))
        except (ZeroDivisionError, OverflowError, TypeError):
            return None
    if isinstance(node, ast.Call) and callee(node.func) in _CALLS and len(node.args) == 1 and not node.keywords:
        v = constant_of(node.args[0])
        try:
            return None if v is None else _CALLS[callee(node.func)](v)
        except (ValueError, OverflowError):
            return None
    return None
