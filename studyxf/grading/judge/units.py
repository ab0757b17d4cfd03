"""Units and terms as causes in the calculator drills (kind: numeric): each figure the task asks is
a product of terms (the grader's FORMULA), so a learner's figure that is the expected one times the
same relation on every case is read as that relation: a unit conversion (GiB where bytes are asked:
divided by 1024^3; bits: times 8), a term missing or counted twice, one quantity where another
belongs (head_dim where tokens belongs), or bytes per element fixed whatever the dtype. A reading is
said only where it gives every failing figure and leaves every passing one, and where the learner's
code agrees (the number or the name it puts in is written there); two readings that fit alike are
said both, more say nothing. Runs in the judge; plain Python and NumPy."""

from __future__ import annotations

import ast
import math
import re

import numpy as np

# bytes per element of the dtypes a calculator names
DTYPE_BYTES = {1: "int8 and fp8", 2: "fp16 and bf16", 4: "fp32", 8: "fp64"}
# what a figure in these units is, in the asked unit's base: (name, size, how it is written)
PREFIXES = [(k, b, d) for k, b, d in ((1, "Ki", "k"), (2, "Mi", "M"), (3, "Gi", "G"), (4, "Ti", "T"))]


def _conversions(unit: str) -> list[tuple[str, float, str, list[float]]]:
    """(the unit returned, its size in the asked unit, how it converts, numbers its code would hold)."""
    out = []
    if unit == "bytes":
        for k, binary, decimal in PREFIXES:
            out.append((f"{binary}B", 1024.0 ** k, f"bytes divided by 1024^{k}", [1024.0 ** k, 1024.0, 2.0 ** 10]))
            out.append((f"{decimal}B", 1000.0 ** k, f"bytes divided by 10^{3 * k}", [1000.0 ** k, 1000.0]))
            out.append((f"{binary}bit", 1024.0 ** k / 8, f"bytes times 8 bits, divided by 1024^{k}",
                        [1024.0 ** k, 1024.0, 2.0 ** 10]))
        out.append(("bits", 1 / 8, "bytes times 8", [8.0] + [8.0 * b for b in DTYPE_BYTES]))
    elif unit == "FLOPs":
        for k, name in ((2, "MFLOPs"), (3, "GFLOPs"), (4, "TFLOPs"), (5, "PFLOPs")):
            out.append((name, 1000.0 ** k, f"FLOPs divided by 10^{3 * k}", [1000.0 ** k, 1000.0]))
    return out


# ---- the learner's code: the numbers and the names it writes ----------------------------------

def _number(node) -> float | None:
    """A constant expression's value (1024 ** 3, 2 ** 30, 1 << 30, 1e9), or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.BinOp):
        a, b = _number(node.left), _number(node.right)
        if a is None or b is None:
            return None
        try:
            if isinstance(node.op, ast.Pow) and abs(b) <= 64:
                return float(a ** b)
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, ast.LShift) and a.is_integer() and 0 <= b <= 64:
                return float(int(a) << int(b))
        except (OverflowError, ValueError):
            return None
    return None


class Code:
    """The numbers the learner's file writes (each constant expression, by line) and the names it
    reads (a variable, an attribute, a dict key), by line; a function's parameters are not reads."""

    def __init__(self, source: str):
        self.lines = source.splitlines()
        self.numbers: dict[int, set] = {}
        self.names: dict[int, set] = {}
        try:
            tree = ast.parse(source)
        except SyntaxError:
            return
        from studyxf.grading.judge import flow

        self.fed = flow.fed_by_key(source)  # each returned key's names and lines
        self.targets: dict[str, list[int]] = {}  # a name assigned, by the lines that assign it
        self.keyworded: set[str] = set()  # names made as a call's keyword argument
        # the lines that multiply names (where a term left out belongs), and the functions' parameters
        self.products = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mult)
                         and any(isinstance(m, (ast.Name, ast.Subscript, ast.Call)) for m in (n.left, n.right))} | \
            {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and  # np.prod([2, L, H, d, T])
             (getattr(n.func, "attr", None) or getattr(n.func, "id", None)) == "prod"}
        # (or a tuple of factors a product folds, `factors = (L, H, d, T)` then `reduce(mul, factors, 1)`, or an
        # array of them, `dims = np.array([L, H, d, T])` then `np.prod(dims)`)
        folded = {a.id for n in ast.walk(tree) if isinstance(n, ast.Call) and
                  (getattr(n.func, "attr", None) or getattr(n.func, "id", None)) in ("prod", "reduce")
                  for a in n.args if isinstance(a, ast.Name)}
        self.products |= {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and len(n.targets) == 1
                          and isinstance(n.targets[0], ast.Name) and n.targets[0].id in folded
                          and (isinstance(n.value, (ast.Tuple, ast.List)) or isinstance(n.value, ast.Call)
                               and n.value.args and isinstance(n.value.args[0], (ast.Tuple, ast.List)))}
        self.params = {a.arg for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                       for a in [*f.args.args, *f.args.kwonlyargs]}
        # the file's helpers called at each line: their body's lines, and whether the call hands each
        # parameter the name it has (`macs(tokens, head_dim)` for `def macs(tokens, head_dim)`)
        helpers = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
        classes = {c.name: c for c in tree.body if isinstance(c, ast.ClassDef)}
        self.calls: dict[int, list[tuple[set, bool]]] = {}
        for n in ast.walk(tree):
            name = n.func.id if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) else None
            f, cls = helpers.get(name), classes.get(name)
            if cls is not None:  # a class made and called (`Calc(config)(tokens)`): its lines, no names handed alike
                self.calls.setdefault(n.lineno, []).append((set(range(cls.lineno, (cls.end_lineno or cls.lineno) + 1)),
                                                             False))
            if f is not None:
                params = [a.arg for a in f.args.args]
                same = all(isinstance(a, ast.Name) and i < len(params) and a.id == params[i]
                           for i, a in enumerate(n.args)) and \
                    all(isinstance(k.value, ast.Name) and k.value.id == k.arg for k in n.keywords)
                self.calls.setdefault(n.lineno, []).append(
                    (set(range(f.body[0].lineno, (f.end_lineno or f.lineno) + 1)), same))
        # the callee each name is made by (scores = MatmulCost(...)): two parts of a count made alike
        self.made_by = {t.id: ast.unparse(n.value.func) for n in ast.walk(tree) if isinstance(n, ast.Assign)
                        and isinstance(n.value, ast.Call) for t in n.targets if isinstance(t, ast.Name)}
        # names read only as a table's key (BYTES[dtype]): a lookup, no size a product multiplies by
        self.keys = {n.slice.id for n in ast.walk(tree) if isinstance(n, ast.Subscript)
                     and isinstance(n.slice, ast.Name)}
        skipped = {id(d) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.Lambda))
                   for d in [*f.args.defaults, *f.args.kw_defaults] if d is not None}
        # a number a test or a case compares with (`case 1 | 2 | 4:`, `assert value > 0`) is in no figure either
        skipped |= {id(c) for n in ast.walk(tree) if isinstance(n, (ast.Compare, ast.Assert, ast.match_case))
                    for c in ast.walk(n.pattern if isinstance(n, ast.match_case) else n)}
        # an exponent (tokens ** 2) is no number the learner put in a figure
        skipped |= {id(n.right) for n in ast.walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Pow)
                    and _number(n.left) is None}
        # a record's field declared (`flops: int` in a NamedTuple or a dataclass): a name, no figure made there
        fields = {id(n.target) for n in ast.walk(tree) if isinstance(n, ast.AnnAssign) and n.value is None}
        for node in ast.walk(tree):
            line = getattr(node, "lineno", None)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in fields:
                self.targets.setdefault(node.id, []).append(line)
            if isinstance(node, ast.keyword) and node.arg:  # Cost(flops=..., ...): the figure made by its keyword
                self.targets.setdefault(node.arg, []).append(node.value.lineno)
                self.keyworded.add(node.arg)  # (handed to the call: read there)
            if line is None or id(node) in skipped:
                continue
            value = _number(node)
            if value is not None:
                self.numbers.setdefault(line, set()).add(value)
            name = node.id if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) else \
                node.attr if isinstance(node, ast.Attribute) else \
                node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
            if name:
                self.names.setdefault(line, set()).add(name)
        # a short name for an argument (B, H, T = batch, heads, tokens) reads as the argument too
        aliases, renaming = {}, set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                pairs = list(zip(node.targets[0].elts, node.value.elts)) if isinstance(node.targets[0], ast.Tuple) \
                    and isinstance(node.value, ast.Tuple) else [(node.targets[0], node.value)]
                aliases.update({t.id: v.id for t, v in pairs if isinstance(t, ast.Name) and isinstance(v, ast.Name)})
                if len(pairs) > 1 and all(isinstance(t, ast.Name) and isinstance(v, ast.Name) for t, v in pairs):
                    renaming.add(node.lineno)  # B, L = batch, layers: names given, nothing computed
                # L, H = (config[key] for key in ("n_layers", "n_heads")): each short name reads as its key
                gen = node.value
                if isinstance(node.targets[0], ast.Tuple) and isinstance(gen, (ast.GeneratorExp, ast.ListComp)) and \
                        len(gen.generators) == 1 and isinstance(gen.generators[0].iter, (ast.Tuple, ast.List)):
                    keys = [e.value for e in gen.generators[0].iter.elts if isinstance(e, ast.Constant)]
                    if len(keys) == len(node.targets[0].elts) and all(isinstance(k, str) for k in keys):
                        aliases.update({t.id: k for t, k in zip(node.targets[0].elts, keys) if isinstance(t, ast.Name)})
        for held in self.names.values():
            held |= {aliases[n] for n in list(held) if n in aliases}
        for line in renaming:  # no term is multiplied in or left out at a line that only renames the arguments
            self.names.pop(line, None)

    def feeding(self, figure: str) -> set | None:
        """The lines that feed a returned figure (None where the file's return is not read by key)."""
        fed = getattr(self, "fed", None)  # not set where the source did not parse
        return fed.get(figure, (None, None))[1] if fed else None

    def code(self, line: int) -> str:
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""

    def lines_with_number(self, values: list[float]) -> list[int]:
        return sorted(n for n, held in self.numbers.items()
                      if any(abs(h - v) <= 1e-9 * abs(v) for h in held for v in values))

    def lines_naming(self, name: str) -> list[int]:
        return sorted(n for n, held in self.names.items() if name in held)


# ---- the formula's terms -----------------------------------------------------------------------

def symbols(env: dict, declared: dict) -> dict:
    """The numbers a term may hold, by name: the integer inputs, the integer entries of a dict input
    (config["n_heads"] as n_heads), and the grader's own (bytes_per_element from dtype); a string
    input as a mark, "dtype=bf16": 1.0 (no term: a reading for that dtype alone reads it)."""
    out = {}
    for name, value in env.items():
        if isinstance(value, dict):
            out.update({k: float(v) for k, v in value.items() if isinstance(v, (int, float)) and not isinstance(v, bool)})
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            out[name] = float(value)
        elif isinstance(value, str):
            out[f"{name}={value}"] = 1.0
    for name, fn in declared.items():
        try:
            out[name] = float(fn(env))
        except Exception:  # noqa: BLE001 - a number this case does not have
            pass
    return out


def _parts(expr: str) -> tuple[list[str], list[str]]:
    """A term's names over and under its bar ("d_model / n_heads")."""
    top, _, bottom = expr.partition("/")
    return [p.strip() for p in top.split("*") if p.strip()], [p.strip() for p in bottom.split("*") if p.strip()]


def value(expr: str, syms: dict) -> float:
    top, bottom = _parts(expr)

    def one(p):
        return float(p) if re.fullmatch(r"[\d.]+", p) else syms[p]
    return math.prod(one(p) for p in top) / math.prod(one(p) for p in bottom)


class Reading:
    """One relation between the learner's figure and the expected one: the factor it predicts on a
    case (from the case's numbers), its words, its id, and what in the code would show it."""

    def __init__(self, factor, how: str, ident: str, numbers=None, name=None, absent=None):
        self.factor, self.how, self.id = factor, how, ident
        self.numbers, self.name, self.absent = numbers, name, absent  # the code's evidence

    def fits(self, syms: dict, got: float, ref: float) -> str | None:
        """"exact" where the learner's figure is the expected one times the factor on this case,
        "rounded" where a unit's figure is that, rounded or cut to a whole number; else None."""
        try:
            want = ref * self.factor(syms)
        except (KeyError, ZeroDivisionError):
            return None
        if not math.isfinite(want):
            return None
        if abs(got - want) <= 1e-6 * abs(want):
            return "exact"
        return "rounded" if self.numbers is not None and self.id.endswith(("-for-bytes", "-for-FLOPs")) \
            and got in (math.floor(want), round(want)) else None


def readings(terms: list, unit: str, names: set) -> list[Reading]:
    """Every reading of one figure: its unit converted, each term missing, counted twice, one name
    in it swapped for another of `names`, bytes per element fixed at one dtype's size, or one dtype's
    size written wrong (bf16 at 4 bytes)."""
    out = []
    marks, names = {n for n in names if "=" in n}, {n for n in names if "=" not in n}
    for returned, size, how, numbers in _conversions(unit):
        out.append(Reading(lambda s, size=size: 1 / size, f"you returned {returned} ({how}); the task asks {unit}",
                           f"{returned}-for-{unit}", numbers=numbers))
    exprs = [t if isinstance(t, str) else t[0] for t in terms]
    for i, term in enumerate(terms):
        expr, words = (term, term) if isinstance(term, str) else term
        out.append(Reading(lambda s, e=expr: 1 / value(e, s), f"{words} is missing: yours is the expected value "
                           f"divided by {expr}", f"missing-{expr}", absent=_parts(expr)[0]))
        out.append(Reading(lambda s, e=expr: value(e, s), f"{words} is counted twice: yours is the expected value "
                           f"times {expr}", f"doubled-{expr}"))
        top, bottom = _parts(expr)
        if exprs.count(expr) > 1 and len(top) == 1 and not bottom and i == exprs.index(expr):
            # tokens x tokens counted as the causal triangle's T (T + 1) / 2 pairs: a saving the figure does not take
            out.append(Reading(lambda s, n=expr: (s[n] + 1) / (2 * s[n]), f"{expr} ({expr} + 1) / 2, the causal "
                               f"triangle's pairs, where {expr} x {expr} belongs (the task counts every pair)",
                               f"causal-pairs-{expr}", numbers=[1.0], name=expr))
            # tokens * 2 where tokens ** 2 belongs: the square written as a double
            out.append(Reading(lambda s, n=expr: 2 / s[n], f"{expr} x 2 where {expr} x {expr} belongs (a square "
                               f"written as a double)", f"doubled-for-squared-{expr}", numbers=[2.0], name=expr))
        for name in (top if len(top) == 1 and not bottom and not re.fullmatch(r"[\d.]+", top[0]) else ()):
            for d in (1, -1):  # tokens + 1 where tokens belongs: a length one off
                out.append(Reading(lambda s, n=name, d=d: (s[n] + d) / s[n], f"{name} {'+' if d > 0 else '-'} 1 "
                                   f"where {name} belongs: yours is the expected value times ({name} "
                                   f"{'+' if d > 0 else '-'} 1) / {name}", f"{name}-off-by-{d:+d}", numbers=[1.0],
                                   name=name))
        if re.fullmatch(r"\d+", expr) and int(expr) % 2 == 0 and int(expr) > 2:
            # a constant of two counts (4 = 2 FLOPs x two products) written with one of them: half
            half = int(expr) // 2
            out.append(Reading(lambda s, h=half, c=int(expr): h / c, f"{half} where {words} belongs: yours is the "
                               f"expected value divided by 2", f"half-{expr}", numbers=[float(half)]))
        for old in top + bottom:
            if re.fullmatch(r"[\d.]+", old):
                continue
            for new in sorted(names - {old}):
                swapped = re.sub(rf"\b{re.escape(old)}\b", new, expr)
                where = f"{swapped} where {expr} belongs"
                if exprs.count(expr) > 1:  # tokens x tokens: one of them taken for another size
                    where += f" ({expr} x {swapped} where {expr} x {expr} belongs)"
                ratio = f"{new} / {old}" if old in top else f"{old} / {new}"
                out.append(Reading(lambda s, e=expr, w=swapped: value(w, s) / value(e, s),
                                   f"{where}: yours is the expected value times {ratio}", f"{new}-for-{old}", name=new))
                out[-1].written = (set(top) | set(bottom)) - {old} | {new}  # the term as the swap writes it
        if expr == "bytes_per_element":
            for size, dtypes in DTYPE_BYTES.items():
                if size == 1:
                    continue  # one byte whatever the dtype reads as the term missing
                out.append(Reading(lambda s, size=size: size / s["bytes_per_element"],
                                   f"{size} bytes per element ({dtypes}'s size) on every case, whatever the dtype: "
                                   f"the dtype's own size belongs (2 for fp16 and bf16, 4 for fp32)",
                                   f"bytes-fixed-{size}", numbers=[float(size)]))
            # one dtype's size wrong, the others right (`2 if dtype == "fp16" else 4` leaves bf16 at 4 bytes)
            for mark in sorted(m for m in marks if m.startswith("dtype=")):
                dtype = mark.partition("=")[2]
                for size in (2, 4, 8, 16, 32):  # (16 and 32: one dtype's size in bits)
                    bits = " (its size in bits)" if size > 8 else ""
                    out.append(Reading(lambda s, m=mark, size=size: size / s["bytes_per_element"] if s.get(m) else 1.0,
                                       f"{dtype} counted as {size}{bits} bytes per element: fp16 and bf16 take 2 "
                                       "bytes, fp32 4", f"{dtype}-as-{size}", numbers=[float(size)]))
    if "2" not in exprs:  # a figure counted twice (the scores and the softmax's weights as two matrices)
        out.append(Reading(lambda s: 2.0, "a factor 2 the figure does not have: yours is the expected value times 2 "
                           "(something counted twice that the task counts once)", "times-2", numbers=[2.0]))
    held = {n for e in exprs for part in _parts(e) for n in part}
    for name in sorted(names - held):
        out.append(Reading(lambda s, n=name: s[n], f"{name} is multiplied in, where the figure has no {name} term: "
                           f"yours is the expected value times {name}", f"extra-{name}", name=name))
    return list({r.how: r for r in out}.values())  # a term written twice (tokens x tokens) reads once


def _evidence(reading: Reading, code: Code) -> list[int] | None:
    """The lines of the learner's code that show the reading (None: the code contradicts it, [] for
    a reading the code can neither show nor contradict: a term left out or doubled)."""
    if reading.numbers is not None and reading.name is not None:  # the number beside the name (tokens + 1)
        return sorted(set(code.lines_with_number(reading.numbers)) & set(code.lines_naming(reading.name))) or None
    if reading.numbers is not None:
        # (a size read in bits from the library, `np.finfo(t).bits`, `torch.finfo(t).bits`: no number written)
        bits = code.lines_naming("bits") if reading.id == "bits-for-bytes" or re.search(r"-as-(16|32)$", reading.id) \
            else []
        return code.lines_with_number(reading.numbers) or bits or None
    if reading.name is not None:
        return code.lines_naming(reading.name) or None
    return []


def _line(figure: str, own: set, others: set, shown: list[int], found: dict | None, code: Code) -> int | None:
    """The line to quote: the localisation's where it found this figure's values leave the reference
    and that line shows the reading (or no line does); else, of the lines that show it (or of all),
    the one that names most of this figure's terms and least of the other figures'."""
    # the lines that can make this figure: where the file returns a dict, those its entry reads from
    fed = code.feeding(figure)
    # (not a line that only calls the file's helpers or class, where nothing shows the reading: the values leave
    # there, what makes them is in the body)
    inside = not shown and found and found.get("line") in getattr(code, "calls", {})
    if found and found.get("line") and found.get("step") in (figure, None, *([] if others else [found.get("step")])) \
            and (not shown or found["line"] in shown or found.get("verified")) \
            and (fed is None or found["line"] in fed) and not inside:
        return found["line"]  # verified: the change replayed through the reference from that line
    if not shown and code.targets.get(figure):
        return max(code.targets[figure])  # the line that makes the figure (flops = qk + av)
    pool = shown or sorted(code.names)
    if fed is not None:  # `flops = ...` on line 3 is not where `memory_bytes=B * h * T * d` on line 4 went wrong
        pool = [n for n in pool if n in fed] or sorted(fed & set(code.names))
    if not pool:
        return None
    mine = own | {figure}

    def score(n):
        held = code.names.get(n, set())
        return len(held & mine) - len(held & (others - mine)), -n
    return max(pool, key=score)


def _inside(line: int | None, reading: "Reading", shown: list[int], code: Code) -> int | None:
    """A line that calls the file's helpers, where the reading shows only in their bodies (`return tokens *
    head_dim * head_dim` in `macs(tokens, head_dim)`): the innermost such line of the helpers'. A name's reading
    is followed only into a call that hands each parameter its own name (else the call may be the swap)."""
    seen, calls = set(), getattr(code, "calls", {})  # (not set where the source did not parse)
    while line is not None and line in calls and line not in seen:
        seen.add(line)
        inner = {n for body, same in calls[line] if same or reading.name is None for n in shown if n in body}
        if len(inner) != 1:
            return line
        line = inner.pop()
    return line


def _not_in_own_term(r: "Reading", lines: list[int], terms: list, code: Code) -> list[int]:
    """The lines that show a swapped name, less those where it stands in its own term of the formula
    (`d_model // n_heads` for d_head, where n_heads belongs), which are no evidence; all where every one is."""
    own_terms = [set(a) | set(b) for t in terms for a, b in [_parts(t if isinstance(t, str) else t[0])]
                 if r.name in set(a) | set(b) and len(set(a) | set(b)) > 1]
    return [n for n in lines if not any(t <= code.names.get(n, set()) for t in own_terms)] or lines


def _number_left_out(reading: "Reading") -> bool:
    """Whether the reading is a number left out or halved (the 2 of a FLOP), not a named term."""
    kind, _, term = reading.id.partition("-")
    return kind in ("half", "missing") and re.fullmatch(r"[\d.]+", term) is not None


def _left_unused(figure: str, reading: "Reading", code: Code) -> tuple[int, str, int] | None:
    """A term computed and never read (`av_flops = ...`, then `flops = layers * qk_flops`) where the reading is a
    part left out: the line that makes the figure, where the term belongs, the term and its line."""
    if not _number_left_out(reading):
        return None  # a constant's part (the 4 of two products), not an argument left out
    read = set().union(*code.names.values()) if code.names else set()
    never = [n for n in code.targets if n not in read and n not in code.params and n not in code.keyworded
             and not n.startswith("_")]
    unused = [n for n in never if set(n.lower().split("_")) & set(figure.lower().split("_"))]  # av_flops for flops
    if len(unused) == 1 and code.targets.get(figure):
        return max(code.targets[figure]), unused[0], min(code.targets[unused[0]])
    # or a part made by the same call as one that is read (scores = MatmulCost(...), mix = MatmulCost(...), then
    # `return scores.flops`): said where its sibling is read
    siblings = [(n, s) for n in never for s in code.made_by if s != n and s in read
                and code.made_by.get(n) is not None and code.made_by[s] == code.made_by[n]]
    if len(siblings) != 1:
        return None
    n, s = siblings[0]
    reads = [line for line in code.lines_naming(s) if line not in code.targets.get(s, [])]
    return (reads[0], n, min(code.targets[n])) if len(reads) == 1 else None


def _helper_count(reading: "Reading", code: Code, line: int) -> int | None:
    """A number left out (the 2 of a FLOP) where `line` only adds up calls of one helper of the file whose
    return is a product of names alone (`return m * n * k`, a count of multiply-adds): that return's line."""
    if not _number_left_out(reading):
        return None
    try:
        tree = ast.parse("\n".join(code.lines))
    except SyntaxError:
        return None
    helpers = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
    # the line's calls, or those of the lines that make the names it reads (`qk, err = flops(T, d, T)`)
    lines = {line} if any(isinstance(n, ast.Call) and n.lineno == line for n in ast.walk(tree)) else \
        {n for name in code.names.get(line, ()) for n in code.targets.get(name, ())}
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and n.lineno in lines}
    if len(called) != 1 or not called <= set(helpers):
        return None
    returns = [r for r in ast.walk(helpers[called.pop()]) if isinstance(r, ast.Return) and r.value is not None]
    if len(returns) != 1:
        return None
    value = returns[0].value  # (a Go-style `return m * k * n, None`: the count is the first)
    value = value.elts[0] if isinstance(value, ast.Tuple) and value.elts else value
    if not isinstance(value, ast.BinOp):
        return None
    parts = [n for n in ast.walk(value) if not isinstance(n, (ast.BinOp, ast.Mult, ast.Load))]
    return returns[0].lineno if all(isinstance(n, ast.Name) for n in parts) and \
        all(isinstance(b.op, ast.Mult) for b in ast.walk(value) if isinstance(b, ast.BinOp)) else None


def _factor_of_one(figure: str, reading: "Reading", code: Code) -> int | None:
    """A number left out (the 2 of a FLOP) where the figure reads a name the file sets to 1
    (`flops_per_mac = 1`): a factor written to say that number, which is where it belongs."""
    if not _number_left_out(reading):
        return None
    fed = code.feeding(figure)
    read = set().union(*code.names.values()) if code.names else set()
    ones = [n for name, made in code.targets.items() if name in read and len(made) == 1 for n in made
            if (fed is None or n in fed) and re.fullmatch(r"\s*\w+\s*=\s*1(\.0*)?\s*(#.*)?", code.code(n))]
    return ones[0] if len(ones) == 1 else None


def _absent_line(figure: str, reading: "Reading", code: Code, terms: set = frozenset()) -> int | None:
    """Where a term left out belongs: of the products that feed the figure, the one that multiplies the other
    arguments (batch left out of `per_token * tokens`), for an argument; the one that multiplies most names
    (`n_layers * n_kv_heads * d_head * bytes`), for a constant (the 2 for K and V). Never a line that only
    names the terms (a tuple of the config's keys)."""
    fed = code.feeding(figure)
    pool = sorted(n for n in code.products if fed is None or n in fed)
    if not pool:
        return None
    named = [a for a in reading.absent if not re.fullmatch(r"[\d.]+", a)]
    argument = bool(named) and all(a in code.params for a in named)
    others = code.params - set(reading.absent) - {"self", "config", "cfg"} - code.keys

    def score(n):  # (a constant: the product of most of the formula's own terms, `n_layers * n_kv_heads * d_head`
        held = code.names.get(n, set())  # before `per_token * tokens * batch`, which multiplies a name of the file's)
        return len(held & others) if argument else (len(held), len(held & terms))
    best = max(map(score, pool))
    top = [n for n in pool if score(n) == best]
    # two products alike (K's and V's, each without n_layers): the term belongs where they meet, said as before
    return top[0] if len(top) == 1 else None


def _own_product(figure: str, formula: dict, code: Code) -> int | None:
    """Where a number left out of one figure (the 2 of a multiply-add) belongs when no line writes its half: the
    first product that feeds this figure and no other (`matmul_flops = scores * head_dim`, not `scores = B * H * T
    * T`, which the memory reads too)."""
    fed = code.feeding(figure)
    if fed is None:
        return None
    elsewhere = set().union(*[code.feeding(g) or set() for g in formula if g != figure])
    own = sorted(n for n in code.products if n in fed and n not in elsewhere)
    return own[0] if own else None


def _twice_at(figure: str, chosen: list, code: Code) -> int | None:
    """A term counted twice (heads in d_model = heads * head_dim, then `* heads` again): the last of
    the lines feeding the figure that name it, where two or more do; else None."""
    if len(chosen) != 1 or not chosen[0][0].id.startswith("doubled-"):
        return None
    term = chosen[0][0].id[len("doubled-"):]
    if not re.fullmatch(r"[A-Za-z_]\w*", term):
        return None
    fed = code.feeding(figure)
    naming = [n for n in code.lines_naming(term) if fed is None or n in fed]
    return max(naming) if len(naming) >= 2 else None


def _two_readings(candidates: list, per_case: list, passing: list, declared: dict, code, strong_of) -> list | None:
    """The one pair of readings (two terms wrong at once, or a term and a unit) whose factors together
    give every failing figure and leave every passing one, both shown by the code; None otherwise."""
    from studyxf.grading.judge import steps as st

    kept = [symbols(st.inputs64(c), declared) for c in passing]
    found = []
    for i, a in enumerate(candidates):
        for b in candidates[i + 1:]:
            both = Reading(lambda s, a=a, b=b: a.factor(s) * b.factor(s), "", "")
            if any(both.fits(s, g, e) != "exact" for s, g, e in per_case) or \
                    any(both.fits(s, 1.0, 1.0) != "exact" for s in kept):
                continue
            shown = [(r, lines) for r in (a, b) for lines in [_evidence(r, code)] if lines is not None]
            if len(shown) == 2 and len(strong_of(shown)) == 2:
                found.append(shown)
    # pairs that give the same numbers (n_heads for n_kv_heads with batch missing, or n_kv_heads
    # missing with n_heads for batch): the one whose swap stays within a kind of quantity (two head
    # counts share "heads"), else nothing is said
    best = max((_kin(p) for p in found), default=0)
    chosen = [p for p in found if _kin(p) == best]
    # (or, still two, the one whose swapped term a line writes as the swap would: d_model / n_kv_heads written
    # nowhere, where `d_head = d_model // n_heads` is, rules out n_kv_heads for n_heads in d_head)
    written = [p for p in chosen if all(_term_written(r, code) for r, _ in p)]
    chosen = written if len(chosen) > 1 and written else chosen
    return chosen[0] if len(chosen) == 1 else None


def _term_written(reading: "Reading", code: Code) -> bool:
    """Whether a swap in a term of several names (n_kv_heads in d_model / n_heads) is written on one line
    with the term's other names; a swap of a lone name, and any other reading, is."""
    term = getattr(reading, "written", None)
    if not term or len(term) < 2:
        return True
    # (a line that computes with them: not a tuple listing the config's keys)
    return any(term <= names and re.search(r"[*/]", code.code(n)) for n, names in code.names.items())


def _kin(pair: list) -> int:
    """How many of the pair's swaps put a quantity for one of its own kind (a word shared)."""
    n = 0
    for r, _ in pair:
        new, sep, old = r.id.partition("-for-")
        n += bool(sep) and bool(set(new.split("_")) & set(old.split("_")) - {"n", ""})
    return n


def _names(terms: list) -> set:
    return {n for t in terms for part in _parts(t if isinstance(t, str) else t[0]) for n in part}


def placed(named: list[dict], grader, source: str) -> list[dict]:
    """The diagnosis with each verified catalogued slip still without a line given slip_line's, where no
    other cause is said there."""
    said = {d.get("line") for d in named}
    out = []
    for d in named:
        line = slip_line(grader, d["mistake"], source) if d.get("mistake") and not d.get("line") and \
            d.get("verified") else None
        out.append({**d, "line": line, "code": source.splitlines()[line - 1].strip()}
                   if line is not None and line not in said else d)
    return out


def slip_line(grader, slip: str, source: str | None, named_only: bool = False) -> int | None:
    """Where a calculator's catalogued slip is in the code, read as a term or a unit: the one line
    the readings of the slip's own figures (its variant on every case against the reference) name,
    else None. For a slip the values named beside an edit, which leaves no values to read."""
    import types

    if not getattr(grader, "FORMULA", None) or not source:
        return None
    made = []
    try:
        cases = grader.cases()
    except Exception:  # noqa: BLE001 - the grader's own cases: without them nothing is read
        return None
    for case in cases:
        got = case.variant_of(frozenset({slip}))
        if got is not None and not np.allclose(got, case.ref(), rtol=1e-12, atol=0):
            made.append(types.SimpleNamespace(case=case, got=got, ref=case.ref()))
    read = [d for d in causes(grader, made, None, source) if d.get("verified") and d.get("line")]
    # (`named_only`: a reading the code shows at its own line, a name or unit written for another, or a number left out
    # of the product of most terms; not half a constant, 2 where the 4 belongs, nor a term left out, which the line
    # where the values left says as well)
    if named_only and not all(re.fullmatch(r".+-for-.+|missing-[\d.]+|.+-as-\d+|bytes-fixed-\d+",
                                           str(d.get("comparator"))) for d in read):
        return None
    lines = {d["line"] for d in read}
    if len(lines) != 1:
        return None
    code, (line,) = Code(source), lines
    # two products alike (QK^T's FLOPs and A.V's, each without the layers): the term is missing from both
    # and a term is left out of, or multiplied into, a product: never a line that only lists the config's keys
    if line not in code.products:
        return None
    return None if sum(code.names.get(n) == code.names.get(line) for n in code.products) > 1 else line


def causes(grader, comparable: list, found: dict | None, source: str | None) -> list[dict]:
    """A calculator's wrong figures read as units and terms, one entry each (the localised entry's
    fields), where every wrong figure has a reading its values and its code agree with; else []."""
    formula = getattr(grader, "FORMULA", None)
    cases = [f for f in comparable if f.got is not None and f.case is not None]
    if not formula or not cases or source is None:
        return []
    if found and found.get("verified") and found.get("line") is None:
        return []  # a reading of the whole case (an argument not used) says it already, from the code
    declared = getattr(grader, "SYMBOLS", {})
    failing = {f.case.name for f in cases}
    try:
        passing = [c for c in grader.cases() if c.name not in failing]
    except Exception:  # noqa: BLE001 - the cases are the grader's; without them nothing is checked
        return []
    from studyxf.grading.judge import steps as st

    code = Code(source)
    says = {s.name: s.says for s in getattr(grader, "STEPS", [])}
    out = []
    for k, (figure, (terms, unit)) in enumerate(formula.items()):
        per_case = []  # (the case's numbers, the learner's figure, the expected one)
        for f in cases:
            got, ref = np.asarray(f.got, float).reshape(-1), np.asarray(f.ref, float).reshape(-1)
            if got.size != ref.size or k >= ref.size or ref[k] == 0 or not math.isfinite(got[k]):
                return []
            per_case.append((symbols(st.inputs64(f.case), declared), float(got[k]), float(ref[k])))
        if all(abs(g - r) <= 1e-9 * abs(r) for _, g, r in per_case):
            continue  # this figure is right
        names = {n for s, _, _ in per_case for n in s} | {n for c in passing for n in symbols(st.inputs64(c), declared)
                                                           if "=" in n}  # a dtype only a passing case has
        fit = []
        for r in readings(terms, unit, names):
            how = [r.fits(s, g, e) for s, g, e in per_case]
            if None in how or not all(r.fits(s, 1.0, 1.0) == "exact" for s in
                                      (symbols(st.inputs64(c), declared) for c in passing)):
                continue
            if "rounded" in how:
                if not any(g for _, g, _ in per_case):
                    continue  # nothing but zeros: any large unit would fit
                r.how = r.how.replace(");", ", rounded to a whole number);", 1)
            fit.append(r)
        shown = [(r, lines) for r in fit for lines in [_evidence(r, code)] if lines is not None]

        # the lines that feed this figure (a loop that validates every argument by name feeds none)
        feeding = code.feeding(figure)

        def strong_of(pairs):
            return [(r, lines) for r, lines in pairs if lines or (r.absent and not any(
                n for a in r.absent if not re.fullmatch(r"[\d.]+", a) for n in code.lines_naming(a)
                if feeding is None or n in feeding) and all(
                a in names or re.fullmatch(r"[\d.]+", a) for a in r.absent))]  # a constant left out: no line shows it
        strong = strong_of(shown)
        chosen = strong if strong else shown
        if not chosen:  # two slips in one figure: two readings at once, each said at its own line
            two = _two_readings(readings(terms, unit, names), per_case, passing, declared, code, strong_of)
            if two:
                others = {n for g, (t, _) in formula.items() if g != figure for n in _names(t) | {g}}
                for r, lines in two:
                    lines = _not_in_own_term(r, lines, terms, code)
                    # and the line that writes the term with the swap (d_model // n_kv_heads), of those naming the new
                    old = r.id.partition("-for-")[2]
                    swapped = [(set(a) | set(b)) - {old} | {r.name} for t in terms
                               for a, b in [_parts(t if isinstance(t, str) else t[0])]
                               if r.name and old in set(a) | set(b) and len(set(a) | set(b)) > 1]
                    lines = [n for n in lines if any(t <= code.names.get(n, set()) for t in swapped)] or lines
                    # of two lines reading the new name, the one whose target is named for the old (H_kv = n_heads)
                    apart = set(old.lower().split("_")) - set((r.name or "").lower().split("_")) - {""}
                    lines = [n for n in lines
                             if apart & set(re.split(r"[_\W]+", code.code(n).partition("=")[0].lower()))] or lines
                    # a term missing: the line where the values leave the reference (the product's), where that is
                    # the figure's own step (a factor the two give together, found at an earlier step of the
                    # product, is not where one of them is: holdout15's kv-cache-size/learner_03 unpacks there)
                    left = _left_unused(figure, r, code)
                    note = f" ({left[1]}, made at line {left[2]}, is never used)" if left else ""
                    # (the formula's terms by name and by the words that say them: d_head for d_model / n_heads)
                    worded = _names(terms) | {w for t in terms if not isinstance(t, str)
                                              for w in re.findall(r"\w+", t[1])}
                    line = left[0] if left else \
                        _absent_line(figure, r, code, worded) if not lines and r.absent else \
                        _own_product(figure, formula, code) if not lines and _number_left_out(r) else None
                    line = line or _line(figure, _names(terms) | ({r.name} if r.name else set()), others, lines,
                                         found if not lines and found and found.get("step") == figure else None, code)
                    line = (None if left else _factor_of_one(figure, r, code)) or line  # `kv_factor = 1`
                    where = f"line {line}: `{code.code(line)}`: " if line else ""
                    said = f"the step '{figure}': " if len(formula) > 1 else ""
                    other = next(o for o, _ in two if o is not r)
                    out.append({"mistake": "located", "verified": True, "line": line,
                                "code": code.code(line) if line else None, "step": figure, "how": r.how,
                                "comparator": r.id,
                                "message": f"{where}{said}{r.how}{note} (measured: this and the other cause, "
                                           f"{other.how.split(':')[0]}, give every failing figure together)"})
                continue
        if not chosen or len(chosen) > 2:
            return []  # a figure no reading (or too many) explains: the localisation stands
        if len(chosen) == 1 and chosen[0][0].name and chosen[0][1]:
            chosen = [(chosen[0][0], _not_in_own_term(chosen[0][0], chosen[0][1], terms, code))]
        own = _names(terms) | {r.name for r, _ in chosen if r.name}
        others = {n for g, (t, _) in formula.items() if g != figure for n in _names(t) | {g}}
        # a part made and never read (A.V's count beside QK^T's): said where it belongs, with its name
        left = _left_unused(figure, chosen[0][0], code) if len(chosen) == 1 else None
        # (a number beside a name, `tokens + 1`, shows the reading at its own line, wherever the values left)
        written = len(chosen) == 1 and chosen[0][0].numbers is not None and chosen[0][0].name and chosen[0][1]
        # (a number left out that no line shows, with no localisation to go by: the product of most of the terms)
        absent = _absent_line(figure, chosen[0][0], code, _names(terms)) if len(chosen) == 1 and not chosen[0][1] \
            and not found and _number_left_out(chosen[0][0]) and chosen[0][0].absent else None
        line = left[0] if left else _twice_at(figure, chosen, code) or absent or \
            _line(figure, own, others, chosen[0][1], found if len(chosen) == 1 and not written else None, code)
        if line and len(chosen) == 1 and not left:  # a number every call of one helper leaves out: in the helper
            line = _inside(line, chosen[0][0], chosen[0][1], code)
            line = _helper_count(chosen[0][0], code, line) or line
            line = _factor_of_one(figure, chosen[0][0], code) or line
        how = chosen[0][0].how + (f" ({left[1]}, made at line {left[2]}, is never used)" if left else "") \
            if len(chosen) == 1 else f"your figures fit two readings: {chosen[0][0].how}; or {chosen[1][0].how}"
        what = f" ({says[figure]})" if says.get(figure) and len(formula) > 1 else ""
        where = f"line {line}: `{code.code(line)}`: " if line else ""
        said = f"the step '{figure}'{what}: " if len(formula) > 1 else ""  # one figure: it is the result
        # the step the values leave at, where the quoted line is the localisation's
        step = found["step"] if found and line and line == found.get("line") and found.get("step") else figure
        out.append({"mistake": "located", "message": f"{where}{said}{how}",
                    "verified": len(chosen) == 1, "line": line, "code": code.code(line) if line else None,
                    "step": step, "how": how, "comparator": chosen[0][0].id if len(chosen) == 1 else None})
    return out
