"""Edits of what a file reads and writes: one input or local for another, an input written into, a dtype."""

from __future__ import annotations

import ast
import re
from collections import Counter

from studyxf.grading.judge.edits.lister import MODULES, Lister, callee, numeral, rewritten, name_words


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
        if callee(node.func) == "cdiv":  # triton.cdiv / tl.cdiv: a count of tiles, whatever it divides
            return True
        return callee(node.func) in ("len", "int", "float", "sqrt", "min", "max", "next_power_of_2") and node.args and \
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
    bound = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)  # (`end := start_pos + T` too)
    for node in sorted((n for n in ast.walk(fn) if isinstance(n, bound)), key=lambda n: n.lineno):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        value = node.iter if isinstance(node, ast.For) else node.value
        for target in targets:
            names = target.elts if isinstance(target, ast.Tuple) else [target]
            whole = isinstance(target, ast.Tuple) and isinstance(value, ast.Attribute) and value.attr == "shape"
            paired = isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and \
                len(value.elts) == len(names)  # hq, hkv = q.shape[1], k.shape[1]
            if paired:  # (B, T, d), dh = x.shape, ...: a shape unpacked inside the pair, each of its names a size
                for n, v in zip(names, value.elts):
                    if isinstance(n, ast.Tuple) and isinstance(v, ast.Attribute) and v.attr == "shape":
                        for m in n.elts:
                            if isinstance(m, ast.Name) and m.id not in out:
                                out[m.id] = (node.lineno, "size")
                                sizes.add(m.id)
            for i, n in enumerate(names):
                if isinstance(n, ast.Name) and n.id not in out:
                    one = value.elts[i] if paired else value
                    # (a loop's count, `for i in range(n)`, or the index of `for i, c in enumerate(s)`)
                    counted = isinstance(node, ast.For) and (callee(getattr(value, "func", None)) == "range" or
                                                             callee(getattr(value, "func", None)) == "enumerate"
                                                             and isinstance(target, ast.Tuple) and i == 0)
                    size = whole or counted or one is not None and _size(one, sizes)
                    # positions (arange) and masks (a comparison) are read for each other, not for values
                    kind = "size" if size else "position" if one is not None and any(
                        isinstance(c, ast.Call) and callee(c.func) == "arange" for c in ast.walk(one)) else \
                        "mask" if isinstance(one, ast.Compare) else "value"
                    out[n.id] = (node.lineno, kind)
                    if size:
                        sizes.add(n.id)
    return out


def names(lister: Lister, tree, kinds: dict) -> None:
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
                        lister.add(value, rewritten(lister, value, [n for n in used if n.id in (a, b)],
                                                     {a: b, b: a}), f"reads {a} and {b} each where the other belongs",
                                   rank=0)
            # a local read twice in one value (`up * sigmoid(up)`, SiLU on the wrong branch): both reads its
            # sibling's, made alike (`gate = x @ w_gate`, `up = x @ w_up`)
            twice = Counter(n.id for n in ast.walk(value) if isinstance(n, ast.Name) and n.id in made)
            for a in (a for a, c in twice.items() if c >= 2):
                reads_a = [n for n in ast.walk(value) if isinstance(n, ast.Name) and n.id == a]
                for b in (b for b in made if b != a and made[b][0] < value.lineno and made[b][1] == made[a][1]):
                    lister.add(value, rewritten(lister, value, reads_a, {a: b}), f"reads {a} where {b} belongs, "
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
                alike = rank == 4 and bool(name_words(n.id) & name_words(other))
                lister.add(n, other, f"reads {n.id} where {other} belongs", rank=3 if alike else rank)


def written_into(fn) -> set[str]:
    """The names a function writes into by subscript (`out[..., 0::2] = ...`, `ck[:, s:e] += k`)."""
    return {t.value.id for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.AugAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target])
            if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name)}


def copies_returned(lister: Lister, tree) -> None:
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
                new = rewritten(lister, ret.value, given, {e.id: copies[e.id] for e in given})
                lister.add(ret.value, new, "returns the inputs it was given where the copies it wrote into belong",
                           rank=1)


def argument_written(lister: Lister, tree) -> None:
    """A number written where a parameter belongs (`+ 1e-5` for `+ eps`, 10000 for base): a literal
    equal to a parameter's default, or a small one where that default is small (1e-5 for eps=1e-6)."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        given = list(zip(fn.args.args[len(fn.args.args) - len(fn.args.defaults):], fn.args.defaults)) + \
            [(a, d) for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults) if d is not None]
        numbers = {a.arg: numeral(d) for a, d in given if numeral(d) is not None}  # numeral: no bools
        defaults = {id(d) for _, d in given}
        for node in ast.walk(fn):
            value = numeral(node) if isinstance(node, (ast.Constant, ast.UnaryOp)) else None
            if value is None or id(node) in defaults:
                continue
            for name, default in numbers.items():
                small = 0 < abs(default) < 1e-2 and 0 < abs(value) < 1e-2
                if value == default or small:
                    lister.add(node, name, f"writes {lister.text(node)} where the argument {name} belongs", rank=2)


def attribute_unused(lister: Lister, tree, kinds: dict) -> None:
    """An input a class keeps and never reads (`self.w_o = w_o`, then `return self._merge(p @ v)`): applied to
    what each of its other methods returns, as `unused` does for a function's parameter (a matrix multiplied
    in, a vector added)."""
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        methods = [f for f in cls.body if isinstance(f, ast.FunctionDef)]
        kept = {}  # self.attr -> the input's kind, for `self.attr = param` (or a tuple of them)
        init = next((f for f in methods if f.name == "__init__"), None)
        # (a parameter takes the kind of the input the class is made with: `Linear(w1, b1)` for `__init__(self, w, b)`)
        given = dict(kinds)
        for made in (n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                     and n.func.id == cls.name and init is not None):
            names = [a.arg for a in init.args.args[1:]]
            for name, arg in zip(names, made.args):
                if isinstance(arg, ast.Name) and arg.id in kinds:
                    given.setdefault(name, kinds[arg.id])
        for f in methods:
            params = {a.arg for a in f.args.args}
            for node in ast.walk(f):
                if isinstance(node, ast.Assign) and len(node.targets) == 1:
                    target, value = node.targets[0], node.value
                    pairs = zip(target.elts, value.elts) if isinstance(target, ast.Tuple) and \
                        isinstance(value, ast.Tuple) else [(target, value)]
                    kept.update({t.attr: given[v.id] for t, v in pairs if isinstance(t, ast.Attribute) and
                                 isinstance(t.value, ast.Name) and t.value.id == "self" and isinstance(v, ast.Name)
                                 and v.id in params and given.get(v.id, "").startswith("array")})
        read = {n.attr for n in ast.walk(cls) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load)
                and isinstance(n.value, ast.Name) and n.value.id == "self"}
        # (applied where a method's result leaves the class: not in a helper its other methods call, `self._merge`)
        called = {n.func.attr for n in ast.walk(cls) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                  and isinstance(n.func.value, ast.Name) and n.func.value.id == "self"}
        for attr, kind in kept.items():
            if attr in read:
                continue
            for f in (f for f in methods if f.name not in called and f.name != "__init__"):
                for node in ast.walk(f):
                    if isinstance(node, ast.Return) and isinstance(node.value, (ast.BinOp, ast.Call, ast.Name)):
                        text = lister.text(node.value)
                        joined = f"({text}) @ self.{attr}" if kind == "array of rank 2" else f"({text}) + self.{attr}"
                        how = "the result is to be multiplied by it" if kind == "array of rank 2" else \
                            "it is to be added to the result"
                        lister.add(node.value, joined, f"never uses self.{attr}: {how}", rank=0)


def axes_counted(lister: Lister, tree) -> None:
    """A count of axes read as a size (x.dim(), x.ndim where x.shape[-1] belongs)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "dim" and \
                not node.args or isinstance(node, ast.Attribute) and node.attr == "ndim":
            inner = node.func.value if isinstance(node, ast.Call) else node.value
            lister.add(node, f"{lister.group(inner)}.shape[-1]", "counts the axes where a size belongs", rank=3)


def dict_keys(lister: Lister, tree, kinds: dict) -> None:
    """One entry of a dict input read for another (config["n_kv_heads"] where config["n_heads"]
    belongs): its keys as the case gave them (`kinds`: "dict of a, b, c")."""
    keys = {p: k.removeprefix("dict of ").split(", ") for p, k in kinds.items() if k.startswith("dict of ")}
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in keys and \
                isinstance(node.slice, ast.Constant) and node.slice.value in keys[node.value.id]:
            for other in keys[node.value.id]:
                if other != node.slice.value:
                    lister.add(node.slice, f'"{other}"', f"reads {node.slice.value} where {other} belongs", rank=2)


def allocated_dtype(lister: Lister, tree, kinds: dict) -> None:
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


def integer_dtype(lister: Lister, tree, kinds: dict) -> None:
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
    lister = Lister(source, framework)
    integer_dtype(lister, tree, {})
    return lister.out
