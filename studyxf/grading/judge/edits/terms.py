"""Edits of a model's terms: a scale, a mask's fill, a guard, a residual, GELU's form, a rotation's sign,
a causal offset."""

from __future__ import annotations

import ast
import re

from studyxf.grading.judge.edits.lister import Lister, callee, numeral


_SIZE_TEXT = r"[\w.]+\.shape\[[^\]]*\]|len\([\w.]+\)|[\w.]+\.size\(-?\d*\)"  # x.shape[-1], len(s), x.size(-1)


def unused_size(lister: Lister, tree) -> None:
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
                isinstance(n, ast.Call) and callee(n.func) == "len"
            if size and isinstance(getattr(n, "ctx", ast.Load()), ast.Load):
                for name in unused:
                    lister.add(n, name, f"reads {lister.text(n)} where {name} (made and never used) belongs", rank=2)


def scale_of_another(lister: Lister, tree, kinds: dict) -> None:
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


def scale_of_the_model(lister: Lister, tree) -> None:
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


def masked_with_zero(lister: Lister, tree) -> None:
    """Masked scores set to 0 (`s[~mask] = 0.0`, `masked_fill(m, 0)`, `where(m, s, 0)`), which still
    get weight after the softmax, or to a finite -1e9, which gives a fully masked row the mean of the
    values, where -inf belongs."""
    inf = 'float("-inf")'
    for node in ast.walk(tree):
        fills = []
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Subscript) \
                and re.search(r"mask|~|\bnot\b|[<>]=?", lister.text(node.targets[0].slice)):
            fills = [node.value]
        elif isinstance(node, ast.Call) and callee(node.func) in ("masked_fill", "masked_fill_") and \
                len(node.args) == 2:
            fills = [node.args[1]]
        elif isinstance(node, ast.Call) and callee(node.func) == "where" and len(node.args) == 3:
            fills = node.args[1:]
        for fill in fills:
            # (or a constant of the module's given the fill: `kMaskedLogit = 0.0`, `masked_fill(~m, kMaskedLogit)`)
            fill = lister.constants.get(fill.id, fill) if isinstance(fill, ast.Name) else fill
            if numeral(fill) == 0:
                lister.add(fill, inf, "sets the masked scores to 0, which still get weight, where -inf belongs",
                           rank=1)
            elif numeral(fill) == 1 and callee(node.func) == "where":  # `tl.where(inside, e, 1.0)` before a sum
                lister.add(fill, "0.0", "gives the lanes set aside 1, which a sum counts, where 0 belongs", rank=2)
            elif (numeral(fill) or 0) <= -1e4:
                lister.add(fill, inf, "sets the masked scores to a finite number, so a row with every key masked "
                           "gets the mean of the values, where -inf belongs", rank=1)


def division_unguarded(lister: Lister, tree) -> None:
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


def tanh_form(lister: Lister, tree) -> None:
    """GELU's tanh approximation written out (`tanh(sqrt(2 / pi) * (h + 0.044715 * h ** 3))`) where the exact
    form belongs: erf(h / sqrt(2)) in the tanh's place (torch.erf, or an erf the file imports or defines)."""
    erfs = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and "erf" in n.name.lower()] + \
        [a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
         if a.name == "erf"]
    erf = "torch.erf" if lister.torch else erfs[0] if erfs else None
    for node in ast.walk(tree):
        if erf and isinstance(node, ast.Call) and callee(node.func) == "tanh" and len(node.args) == 1 and \
                node.lineno == node.end_lineno and "0.044715" in lister.text(node):
            inner = [b.left for b in ast.walk(node.args[0]) if isinstance(b, ast.BinOp) and isinstance(b.op, ast.Add)
                     and isinstance(b.left, ast.Name) and "0.044715" in lister.text(b.right)]
            if inner:
                lister.add(node, f"{erf}({inner[0].id} / {_root_2(lister)})", "takes GELU's tanh approximation where "
                           "the exact erf form belongs", rank=1)
        # the sigmoid approximation, sigmoid(1.702 h), for the exact CDF 0.5 (1 + erf(h / sqrt 2))
        if erf and isinstance(node, ast.Call) and callee(node.func) == "sigmoid" and len(node.args) == 1 and \
                node.lineno == node.end_lineno and isinstance(node.args[0], ast.BinOp) and \
                isinstance(node.args[0].op, ast.Mult) and "1.702" in lister.text(node.args[0]):
            x = next((s for s in (node.args[0].left, node.args[0].right) if "1.702" not in lister.text(s)), None)
            if x is not None:
                lister.add(node, f"0.5 * (1 + {erf}({lister.group(x)} / {_root_2(lister)}))", "takes the sigmoid "
                           "approximation of the normal CDF where the exact erf form belongs", rank=1)


def _root_2(lister: Lister) -> str:
    return "math.sqrt(2.0)" if re.search(r"^\s*import math\b", "\n".join(lister.lines), re.M) else "2.0 ** 0.5"


def gate_left_out(lister: Lister, tree) -> None:
    """`return phi` where `z * phi` belongs: a one-input helper (GELU's, SiLU's) that returns the gate
    without the input it multiplies."""
    for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef)):
        params = [a.arg for a in fn.args.args + fn.args.kwonlyargs if a.arg not in ("self", "cls")]
        returns = [n for n in ast.walk(fn) if isinstance(n, ast.Return) and n.value is not None]
        if len(params) != 1 or len(returns) != 1 or isinstance(returns[0].value, (ast.Tuple, ast.Constant)):
            continue
        value, p = returns[0].value, params[0]
        factors = [s for s in (value.left, value.right) if isinstance(s, ast.Name)] \
            if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult) else []
        if not (isinstance(value, ast.Name) and value.id == p) and all(f.id != p for f in factors):
            lister.add(value, f"{p} * {lister.group(value)}", f"returns the gate without {p}, the input it "
                       "multiplies", rank=2)


def rotation_sign(lister: Lister, tree) -> None:
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


def residual_left_out(lister: Lister, tree) -> None:
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


def causal_offset(lister: Lister, tree) -> None:
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


def centred(lister: Lister, tree) -> None:
    """x centred (`x - x.mean(-1, keepdim=True)`, as LayerNorm does) where x itself belongs (RMSNorm's squares):
    every such difference of a statement made x at once (`mul(x - m, x - m)` needs both)."""
    for stmt in (n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.Return)) and n.value is not None):
        if stmt.value.lineno != stmt.value.end_lineno:
            continue
        diffs = [n for n in ast.walk(stmt.value) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub)
                 and isinstance(n.right, ast.Call) and callee(n.right.func) == "mean"
                 and lister.text(n.left) == _operand(lister, n.right)]
        if not diffs:
            continue
        text = lister.text(stmt.value)
        for d in diffs:
            text = text.replace(lister.text(d), lister.text(d.left))
        lister.add(stmt.value, text, f"centres {lister.text(diffs[0].left)} (minus its mean) where "
                   f"{lister.text(diffs[0].left)} itself belongs", rank=2)


def _operand(lister: Lister, call: ast.Call) -> str | None:
    """What a reduction reduces: `x` of `x.mean(-1)` or of `np.mean(x, -1)`."""
    func = call.func
    if isinstance(func, ast.Attribute) and not (isinstance(func.value, ast.Name) and func.value.id in ("np", "torch")):
        return lister.text(func.value)
    return lister.text(call.args[0]) if call.args else None
