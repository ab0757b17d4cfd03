"""Edits of a loop's running state: an online softmax's max, sum and rescale, a value set afresh or stepped twice."""

from __future__ import annotations

import ast
import re

from studyxf.grading.judge.edits.lister import MODULES, Lister, as_int, callee, constant_of, numeral, rewritten


def unused_max(lister: Lister, tree) -> None:
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
            of = call.args[0] if callee(call.func) in ("max", "amax") and call.args else \
                call.func.value if isinstance(call.func, ast.Attribute) and call.func.attr in ("max", "amax") else None
            if not isinstance(of, ast.Name):
                continue
            for read in ast.walk(fn):
                if isinstance(read, ast.Name) and isinstance(read.ctx, ast.Load) and read.id == of.id and \
                        read.lineno > last.lineno:
                    lister.add(read, f"({of.id} - {m})", f"never subtracts {m}, the max made at line {n.lineno}",
                               rank=2)


def running_max_start(lister: Lister, tree) -> None:
    """A running max that starts at 0 (`m = np.zeros(...)`, later `np.maximum(m, ...)`): started at
    -inf, as a max of nothing is (a row whose scores are all far below 0 underflows otherwise)."""
    maxed = {a.id for n in ast.walk(tree) if isinstance(n, ast.Call) and callee(n.func) in ("maximum", "max", "fmax")
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


def running_max_kept(lister: Lister, tree) -> None:
    """A running max stored as the block's own max (`m_new = np.maximum(m[...], m_ij)`, then `m[...] = m_ij`):
    the new running max, the name that holds both, where the block's alone is written."""
    def base(node):
        return node.value if isinstance(node, ast.Subscript) else node
    running = {}  # the block's max -> (the running max's name, the name made from both)
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and \
                isinstance(n.value, ast.Call) and callee(n.value.func) in ("maximum", "fmax") and \
                len(n.value.args) == 2:
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


def rescale_left_out(lister: Lister, tree) -> None:
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


def running_update(lister: Lister, tree) -> None:
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


def copied_value(lister: Lister, tree) -> None:
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
                    lister.add(b.value, rewritten(lister, b.value, reads, {x: y}), f"stores {x} into {base[1].id}, "
                               f"where {y} belongs (line {a.lineno} stores {x} into {base[0].id})", rank=1)


def max_of_exponentials(lister: Lister, tree) -> None:
    """`s = tl.max(e, axis=0)` where e holds exponentials (`e = tl.exp(x)`): their max (1 after the shift) taken
    where their sum, the softmax's normaliser, belongs."""
    made = {t.id: {m.id for c in ast.walk(n.value) if isinstance(c, ast.Call) and callee(c.func) in ("exp", "exp2")
                   for m in ast.walk(c) if isinstance(m, ast.Name)}
            for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    exps = {e for e, inside in made.items() if inside}
    for node in ast.walk(tree):
        # tl.sum(x) where e = tl.exp(x - m) is made: the inputs summed where their exponentials belong
        if isinstance(node, ast.Call) and callee(node.func) == "sum" and node.args and \
                isinstance(node.args[0], ast.Name) and node.lineno == node.end_lineno:
            for e in sorted(e for e in exps if node.args[0].id in made[e] and e != node.args[0].id):
                lister.add(node.args[0], e, f"sums {node.args[0].id} where its exponentials {e} belong", rank=2)
        if isinstance(node, ast.Call) and callee(node.func) in ("max", "amax") and node.lineno == node.end_lineno:
            arg = node.func.value if isinstance(node.func, ast.Attribute) and not node.args else \
                node.args[0] if node.args else None
            if isinstance(arg, ast.Name) and arg.id in exps:
                start = node.func.end_col_offset - len(callee(node.func))
                lister.add(node.func, "sum", f"takes the max of the exponentials {arg.id} where their sum belongs",
                           (node.lineno, start, node.func.end_col_offset), rank=2)


def stepped_twice(lister: Lister, tree) -> None:
    """`2.0 * i` where i already steps by 2 (`map(lambda i: ..., range(0, d, 2))`, `for i in range(0, d, 2)`): the
    exponent 4i/d where 2i/d belongs; and a pair of indices taken in the other order (`for j in (1, 0)`)."""
    def by_two(it) -> bool:
        return isinstance(it, ast.Call) and callee(it.func) in ("range", "arange") and len(it.args) == 3 and \
            as_int(it.args[2]) == 2
    stepped = {n.target.id for n in ast.walk(tree) if isinstance(n, (ast.For, ast.comprehension))
               and isinstance(n.target, ast.Name) and by_two(n.iter)}
    stepped |= {a.arg for n in ast.walk(tree) if isinstance(n, ast.Call) and callee(n.func) == "map" and
                len(n.args) == 2 and isinstance(n.args[0], ast.Lambda) and by_two(n.args[1])
                for a in n.args[0].args.args}
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and node.lineno == node.end_lineno:
            for two, i in ((node.left, node.right), (node.right, node.left)):
                if constant_of(two) in (2.0, -2.0) and isinstance(i, ast.Name) and i.id in stepped:
                    lister.add(node, i.id if constant_of(two) > 0 else f"-{i.id}",
                               f"doubles {i.id}, which steps by 2 already", rank=2)
        if isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, ast.Tuple) and \
                len(node.iter.elts) == 2 and \
                sorted(as_int(e) for e in node.iter.elts if as_int(e) is not None) == [0, 1]:
            a, b = node.iter.elts
            lister.add(node.iter, f"({lister.text(b)}, {lister.text(a)})", "takes the pair's two indices in the "
                       "other order", rank=2)


def tail_dropped(lister: Lister, tree) -> None:
    """A loop over blocks that stops before the last partial one: `range(0, T - B + 1, B)`, `range(0, T - B, B)`
    or `range(0, T // B * B, B)` where `range(0, T, B)` belongs (the tail's keys never read)."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and callee(node.func) in ("range", "arange") and len(node.args) == 3):
            continue
        stop, step = node.args[1], ast.dump(node.args[2])
        whole = stop
        while isinstance(whole, ast.BinOp) and isinstance(whole.op, (ast.Add, ast.Sub)) and \
                isinstance(whole.right, ast.Constant):
            whole = whole.left  # `T - B + 1`: the constant off
        if isinstance(whole, ast.BinOp) and isinstance(whole.op, ast.Sub) and ast.dump(whole.right) == step:
            n = whole.left  # T - B
        elif isinstance(whole, ast.BinOp) and isinstance(whole.op, ast.Mult) and ast.dump(whole.right) == step and \
                isinstance(whole.left, ast.BinOp) and isinstance(whole.left.op, ast.FloorDiv) and \
                ast.dump(whole.left.right) == step:
            n = whole.left.left  # T // B * B
        else:
            continue
        lister.add(stop, lister.text(n), "stops before the last, partial block: its elements are never read", rank=1)


def overwritten_in_loop(lister: Lister, tree) -> None:
    """`acc = tl.dot(a, b)` (or `out = p @ v_h @ w_o[sl]`, one head's share) in a loop, acc set before it: each
    step overwrites the sum where it adds to it."""
    for loop in (n for n in ast.walk(tree) if isinstance(n, (ast.For, ast.While))):
        before = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < loop.lineno
                  for t in n.targets if isinstance(t, ast.Name)}
        for node in (n for b in loop.body for n in ast.walk(b)):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                    and node.targets[0].id in before and node.lineno == node.end_lineno and \
                    (isinstance(node.value, ast.Call) and callee(node.value.func) in ("dot", "matmul") or
                     isinstance(node.value, ast.BinOp) and isinstance(node.value.op, ast.MatMult)) and \
                    node.targets[0].id not in {m.id for m in ast.walk(node.value) if isinstance(m, ast.Name)}:
                x = node.targets[0].id
                lister.add(node, f"{x} += {lister.text(node.value)}", f"overwrites {x} at each step where the "
                           f"products add up in it", rank=2)


def max_written_as_zero(lister: Lister, tree) -> None:
    """`row_max = 0.0`, then `tl.exp(x - row_max)`: a max written as a number where the tile's own max belongs (the
    logits shifted by nothing overflow in float32)."""
    kernel = any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "tl"
                 for n in ast.walk(tree))
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        zero = {n.targets[0].id: n.value for n in ast.walk(fn) if isinstance(n, ast.Assign) and len(n.targets) == 1
                and isinstance(n.targets[0], ast.Name) and numeral(n.value) == 0 and re.search(r"max|peak|m\b",
                                                                                                 n.targets[0].id)}
        for node in ast.walk(fn):
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and isinstance(node.right, ast.Name) \
                    and node.right.id in zero and isinstance(node.left, ast.Name):
                x = node.left.id
                now = f"tl.max({x}, axis=0)" if kernel else f"{x}.max(-1, keepdims=True)" if not lister.torch \
                    else f"{x}.amax(-1, keepdim=True)"
                lister.add(zero[node.right.id], now, f"writes {node.right.id} as 0 where the max of {x} belongs",
                           rank=1)
