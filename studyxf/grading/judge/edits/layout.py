"""Edits across statements of a file's layout: layers, sibling lines and calls, halves, heads' splits and merges."""

from __future__ import annotations

import ast

from studyxf.grading.judge.edits.lister import Lister, constant_of, callee, numeral, rewritten, name_words


def layers(lister: Lister, tree) -> None:
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


def siblings(lister: Lister, tree) -> None:
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
                text = rewritten(lister, one.value, own, {own[0].id: new})
                lister.add(other.value, text, f"treats {other.targets[0].id} otherwise than line {one.lineno} "
                                              f"treats {one.targets[0].id}", rank=2)


def swapped_calls(lister: Lister, tree) -> None:
    """Two layers applied in the other order: `act(proj(fc(x)))` for `proj(act(fc(x)))`, the outer
    call and the one it is given exchanged."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and \
                isinstance(node.args[0], ast.Call) and len(node.args[0].args) == 1 and not node.args[0].keywords:
            inner = node.args[0]
            outer, within = lister.text(node.func), lister.text(inner.func)
            lister.add(node, f"{within}({outer}({lister.text(inner.args[0])}))",
                       f"applies {outer} after {within}, where it comes before", rank=3)


def attribute_swapped(lister: Lister, tree) -> None:
    """An object's attribute read where its sibling belongs (`self.w_gate` for `self.w_up`): attributes
    the class sets or registers, named alike (a word shared)."""
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        held = {t.attr for n in ast.walk(cls) if isinstance(n, ast.Assign) for t in n.targets
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"} | \
            {n.args[0].value for n in ast.walk(cls) if isinstance(n, ast.Call) and callee(n.func) in
             ("register_buffer", "register_parameter") and n.args and isinstance(n.args[0], ast.Constant)
             and isinstance(n.args[0].value, str)}
        for n in ast.walk(cls):
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name) and \
                    n.value.id == "self" and n.attr in held:
                for other in sorted(held - {n.attr}):
                    if name_words(other) & name_words(n.attr) or other.split("_")[0] == n.attr.split("_")[0] != other:
                        lister.add(n, f"self.{other}", f"reads self.{n.attr} where self.{other} belongs", rank=3)


def halves_sliced(lister: Lister, tree) -> None:
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


def statements_swapped(lister: Lister, tree) -> None:
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


def half_dropped(lister: Lister, tree) -> None:
    """GELU's 0.5 left out: `x * (1 + erf(x / sqrt(2)))` (or tanh's form) with no half in the product; or the
    bracket alone, made apart from x (`cdf = (1.0 + _erf(z / sqrt(2)))`), with no half in its statement."""
    def bracket(s) -> bool:
        return isinstance(s, ast.BinOp) and isinstance(s.op, ast.Add) and constant_of(s.left) == 1.0 and \
            isinstance(s.right, ast.Call) and callee(s.right.func).strip("_").endswith(("erf", "tanh"))
    sided = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
            continue
        sided |= {id(s) for s in (node.left, node.right)}
        if any(bracket(s) for s in (node.left, node.right)) and not any(constant_of(n) == 0.5 for n in ast.walk(node)):
            lister.add(node, f"0.5 * {lister.text(node)}", "leaves out GELU's factor 0.5", rank=2)
    for stmt in (n for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.Return)) and n.value is not None):
        if not any(constant_of(n) == 0.5 for n in ast.walk(stmt.value)):
            for node in (n for n in ast.walk(stmt.value) if bracket(n) and id(n) not in sided):
                lister.add(node, f"0.5 * ({lister.text(node)})", "leaves out GELU's factor 0.5", rank=2)


def sibling_arguments(lister: Lister, tree) -> None:
    """Two adjacent lines that call one function alike but for one argument, a number in one and a name in the
    other (`q = rope(xq, 0)`, `k = rope(xk, start_pos)`): the name in the number's place."""
    for block in (getattr(n, "body", None) for n in ast.walk(tree)):
        if not isinstance(block, list):
            continue
        for a, b in zip(block, block[1:]):
            calls = [s.value for s in (a, b) if isinstance(s, ast.Assign) and isinstance(s.value, ast.Call)]
            if len(calls) != 2 or callee(calls[0].func) != callee(calls[1].func) or \
                    len(calls[0].args) != len(calls[1].args):
                continue
            for x, y in zip(calls[0].args, calls[1].args):
                for num, name in ((x, y), (y, x)):
                    if numeral(num) is not None and isinstance(name, ast.Name):
                        lister.add(num, name.id, f"passes {lister.text(num)} where line {name.lineno} passes "
                                   f"{name.id}", rank=2)


def adjacent_lane(lister: Lister, tree) -> None:
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


def made_again(lister: Lister, tree) -> None:
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


def joined_order(lister: Lister, tree) -> None:
    """Two arrays joined in the other order (`cat((t, acc))` folding heads in reverse)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and callee(node.func) in ("cat", "concat", "concatenate", "stack", "hstack") \
                and node.args and isinstance(node.args[0], (ast.Tuple, ast.List)) and len(node.args[0].elts) == 2:
            a, b = node.args[0].elts
            if a.lineno == b.end_lineno:
                lister.add(node.args[0], f"({lister.text(b)}, {lister.text(a)})" if isinstance(node.args[0], ast.Tuple)
                           else f"[{lister.text(b)}, {lister.text(a)}]", "joins the two in the other order", rank=2)


def split_transposed(lister: Lister, tree) -> None:
    """An axis split as (2, n) then transposed (`reshape(..., 2, d // 2).swapaxes(-1, -2)`: halves) where
    (n, 2) belongs (adjacent pairs)."""
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and callee(node.func) in ("swapaxes", "transpose") and
                [ast.unparse(a) for a in node.args] in (["-1", "-2"], ["-2", "-1"]) and
                isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Call) and
                callee(node.func.value.func) in ("reshape", "view") and len(node.func.value.args) >= 2):
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


def modulo_for_group(lister: Lister, tree) -> None:
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


def names_exchanged(lister: Lister, tree) -> None:
    """`silu(u) * g` where `silu(g) * u` belongs: the name given to a call and the name the call's result is
    combined with, exchanged (the gate and the up projection); not the two sides of one operator, which binop
    tries as its operands swapped."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and not n.decorator_list):  # no kernel
        for node in ast.walk(fn):
            if not isinstance(node, ast.BinOp) or node.lineno != node.end_lineno:
                continue
            for call, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(call, ast.Call) and isinstance(other, ast.Name) and len(call.args) == 1 and \
                        not call.keywords and isinstance(call.args[0], ast.Name) and call.args[0].id != other.id:
                    a, b = sorted((call.args[0], other), key=lambda n: n.col_offset)
                    raw = lister.lines[node.lineno - 1].encode()
                    middle = raw[a.end_col_offset:b.col_offset].decode()
                    lister.add(a, f"{b.id}{middle}{a.id}", f"reads {a.id} where {b.id} belongs, and {b.id} where "
                               f"{a.id} does", span=(node.lineno, a.col_offset, b.end_col_offset), rank=2)
