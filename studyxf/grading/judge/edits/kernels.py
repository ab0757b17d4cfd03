"""Edits of a Triton kernel and its launch: the grid, the sizes passed, strides, tiles' starts and pointers' steps."""

from __future__ import annotations

import ast
import re

from studyxf.grading.judge.edits.lister import Lister, as_int, callee, numeral


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


def launch_sizes(lister: Lister, tree) -> None:
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


def stride_unused(lister: Lister, tree) -> None:
    """A kernel's (or its helper's) stride parameter never read (`col_stride`): each lane offset the
    function makes (`tl.arange(0, BLOCK)`) stepped by it."""
    for fn in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        reads = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        for p in (a.arg for a in fn.args.args if "stride" in a.arg and a.arg not in reads):
            for n in ast.walk(fn):
                if isinstance(n, ast.Call) and callee(n.func) == "arange":
                    lister.add(n, f"{lister.text(n)} * {p}", f"never uses {p}: the lanes step by it", rank=2)


def grid_sized(lister: Lister, tree) -> None:
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
            if isinstance(e, ast.Call) and callee(e.func) == "cdiv" and len(e.args) == 2 and \
                    re.search(r"row|\bM\b|\bn\b", lister.text(e.args[0])):
                lister.add(e, lister.text(e.args[0]), f"launches a program per block of {lister.text(e.args[1])} "
                           f"where one per row of {lister.text(e.args[0])} belongs", rank=2)


def strides_written(lister: Lister, tree) -> None:
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
            if first.lineno != second.end_lineno or all(callee(getattr(v, "func", None)) == "stride"
                                                        for v in (first, second)):
                continue
            raw = lister.lines[first.lineno - 1].encode()
            middle = raw[first.end_col_offset:second.col_offset].decode()
            lister.add(first, f"{t}.stride(0){middle}{t}.stride(1)", f"writes {t}'s strides from its shape where "
                       f"its own strides belong (a transposed {t} is not packed)",
                       (first.lineno, first.col_offset, second.end_col_offset), rank=2)


def first_mask_in_loop(lister: Lister, tree) -> None:
    """`memory_mask[0]` inside `for b in range(B)`: the first sequence's mask for every one, where the loop's own
    (`memory_mask[b]`) belongs."""
    for loop in (n for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.target, ast.Name)):
        for node in (n for b in loop.body for n in ast.walk(b)):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
                    "mask" in node.value.id.lower() and as_int(node.slice) == 0:
                lister.add(node.slice, loop.target.id, f"takes the first sequence's mask in every pass of the loop "
                           f"over {loop.target.id}", rank=2)


def block_start(lister: Lister, tree) -> None:
    """A block's start written as its index (`slice(i, i + hs)`, `x[:, i:i + hs]`: head i takes
    columns i .. i + hs - 1, the heads overlapping) where the index times the block's size belongs."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and callee(node.func) == "slice" and len(node.args) == 2:
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


def _jitted(tree) -> list:
    """The file's @triton.jit functions."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and
            any("jit" in ast.unparse(d) for d in n.decorator_list)]


def tiles_of_another_axis(lister: Lister, tree) -> None:
    """A count of tiles taken along another axis (`tl.cdiv(M, BLOCK_M)` where the columns' `tl.cdiv(N, BLOCK_N)`
    belongs, a flat program id split by the rows' count): the size and its tile written for another pair of the
    kernel's (`X` and `BLOCK_X`)."""
    for fn in _jitted(tree):
        params = {a.arg for a in fn.args.args}
        pairs = sorted(p for p in params if f"BLOCK_{p}" in params)
        for node in ast.walk(fn):
            if not (isinstance(node, ast.Call) and callee(node.func) == "cdiv" and len(node.args) == 2
                    and all(isinstance(a, ast.Name) for a in node.args)):
                continue
            size, block = (a.id for a in node.args)
            if size not in pairs or block != f"BLOCK_{size}":
                continue
            head = lister.text(node.func)
            for other in pairs:
                if other != size:
                    lister.add(node, f"{head}({other}, BLOCK_{other})", f"counts the tiles along {size} where those "
                               f"along {other} belong", rank=4)


def bound_by_tile_end(lister: Lister, tree) -> None:
    """Offsets bounded by their tile's own end (`offs_n < start_n + BLOCK_N`, true of every lane) where the
    length belongs (`offs_n < T`): the padding lanes past the length kept; each of the kernel's non-constexpr
    integer parameters tried as that length."""
    for fn in _jitted(tree):
        sizes = [a.arg for a in fn.args.args if not (a.annotation is not None and "constexpr" in ast.unparse(
            a.annotation)) and not re.search(r"ptr|stride|scale|eps", a.arg, re.I) and a.arg.isidentifier()]
        for node in ast.walk(fn):
            if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Lt, ast.LtE))
                    and node.lineno == node.end_lineno):
                continue
            end = node.comparators[0]
            if not (isinstance(end, ast.BinOp) and isinstance(end.op, ast.Add) and isinstance(end.right, ast.Name)
                    and end.right.id.isupper()):
                continue  # `start_n + BLOCK_N`: a start plus a constexpr tile size
            for size in sizes:
                lister.add(end, size, f"bounds the lanes by the tile's own end, true of every lane, where the length "
                           f"{size} belongs: the lanes past it are kept", rank=2)


def broadcast_swapped(lister: Lister, tree) -> None:
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


def program_start(lister: Lister, tree) -> None:
    """A program's tile started at its id (`pid + tl.arange(0, BLOCK)`: tiles one row apart, overlapping) where
    the id times the tile's size belongs."""
    pids = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
            and callee(n.value.func) == "program_id" for t in n.targets if isinstance(t, ast.Name)}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add)):
            continue
        for pid, other in ((node.left, node.right), (node.right, node.left)):
            tiles = [c for c in ast.walk(other) if isinstance(c, ast.Call) and callee(c.func) == "arange"
                     and len(c.args) == 2 and numeral(c.args[0]) == 0]
            if isinstance(pid, ast.Name) and pid.id in pids and tiles:
                size = lister.group(tiles[0].args[1])
                lister.add(pid, f"{pid.id} * {size}", f"starts tile {pid.id} at row {pid.id} where {pid.id} * {size} "
                           "belongs: the tiles overlap", rank=1)


def pointer_step(lister: Lister, tree) -> None:
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


def log2e_dropped(lister: Lister, tree) -> None:
    """A file that exponentiates with exp2: each scale it computes (a square root's reciprocal) with
    log2(e) folded in, which exp2 needs to give exp's softmax (exp(x) = exp2(x log2 e))."""
    if not any(isinstance(n, ast.Call) and callee(n.func) == "exp2" for n in ast.walk(tree)):
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


def stride_one(lister: Lister, tree) -> None:
    """`softmax_kernel[grid](x, out, n_cols, x.stride(0), 1, ...)`: a stride passed as 1 (the tensor taken as
    packed; a transposed x is not), where the next stride of the tensor whose stride the launch passes
    just before it belongs."""
    for call, _, kernel in _launches(tree):
        if kernel is None:
            continue
        params = [a.arg for a in kernel.args.args]
        given = list(zip(params, call.args)) + [(k.arg, k.value) for k in call.keywords if k.arg]
        for at, (param, value) in enumerate(given):
            if "stride" not in param or as_int(value) != 1 or value.lineno != value.end_lineno:
                continue
            before = [v for _, v in given[:at] if isinstance(v, ast.Call) and callee(v.func) == "stride"
                      and isinstance(v.func, ast.Attribute) and len(v.args) == 1 and as_int(v.args[0]) is not None]
            if before:
                tensor, axis = lister.text(before[-1].func.value), as_int(before[-1].args[0])
                lister.add(value, f"{tensor}.stride({axis + 1})", f"passes 1 for {param}, as if {tensor} were packed, "
                           f"where {tensor}'s own stride belongs", rank=1)


def offset_not_advanced(lister: Lister, tree) -> None:
    """A loop's body that makes an offset stepping with the loop (`ks = k0 + rk` in `for k0 in range(...)`) and
    reads the one it was made from elsewhere (`a_ptr + rk[None, :] * stride_ak`): that read is the stepping one,
    where the tile never advances."""
    for loop in (n for n in ast.walk(tree) if isinstance(n, ast.For) and isinstance(n.target, ast.Name)):
        made = {a.targets[0].id: a for a in loop.body if isinstance(a, ast.Assign) and len(a.targets) == 1
                and isinstance(a.targets[0], ast.Name)
                and any(isinstance(n, ast.Name) and n.id == loop.target.id for n in ast.walk(a.value))}
        for name, assign in made.items():
            bases = {n.id for n in ast.walk(assign.value) if isinstance(n, ast.Name) and n.id != loop.target.id}
            for stmt in loop.body:
                if stmt is assign:
                    continue
                for n in ast.walk(stmt):
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id in bases:
                        lister.add(n, name, f"reads {n.id}, the offset within the tile, where {name}, which steps "
                                            f"with the loop, belongs", rank=1)


def _buffers(tree) -> dict:
    """Each kernel's pointer parameters, by the wrapper's tensor a launch passes for them: {(kernel, param): text}."""
    out = {}
    for call, _grid, kernel in _launches(tree):
        if kernel is None:
            continue
        params = [a.arg for a in kernel.args.args]
        given = {**dict(zip(params, call.args)), **{k.arg: k.value for k in call.keywords if k.arg}}
        out.update({(kernel.name, p): ast.unparse(v) for p, v in given.items() if isinstance(v, ast.Name)})
    return out


def _accesses(kernel, attr: str) -> list:
    """A kernel's tl.load or tl.store calls (`attr`) whose address is a sum read from one of its parameters:
    (the call, the parameter, the address)."""
    params = {a.arg for a in kernel.args.args}
    out = []
    for c in ast.walk(kernel):
        if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute) and c.func.attr == attr and c.args:
            addr = c.args[0]
            first = addr
            while isinstance(first, ast.BinOp) and isinstance(first.op, ast.Add):
                first = first.left
            if isinstance(first, ast.Name) and first.id in params:
                out.append((c, first.id, addr))
    return out


def epilogue_reads(lister: Lister, tree) -> None:
    """Two kernels that hand a buffer on (row sums stored by one, read by an epilogue): the reader's load at the
    address the writer stored to, where its own lacks a term (`l_ptr + rows` for `l_ptr + bh * T + rows`: every
    head divided by the first head's sums); and the writer's value stored as its reciprocal, where the reader
    multiplies by it (`inv_l_ptr` given the sum)."""
    kernels = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and any(
        "jit" in ast.unparse(d) for d in f.decorator_list)]
    if len(kernels) < 2:
        return
    buffers = _buffers(tree)
    stores = [(k, c, p, addr) for k in kernels for c, p, addr in _accesses(k, "store")]
    for reader in kernels:
        bound = {a.arg for a in reader.args.args} | {n.id for n in ast.walk(reader) if isinstance(n, ast.Name)
                                                      and isinstance(n.ctx, ast.Store)}
        for load, p, addr in _accesses(reader, "load"):
            tensor = buffers.get((reader.name, p))
            for writer, store, q, stored in stores:
                if writer is reader or tensor is None or buffers.get((writer.name, q)) != tensor:
                    continue
                names = {n.id for n in ast.walk(stored) if isinstance(n, ast.Name)} - {q}
                wanted = re.sub(rf"\b{re.escape(q)}\b", p, ast.unparse(stored), count=1)
                if names <= bound and wanted != ast.unparse(addr) and \
                        len(list(ast.walk(stored))) > len(list(ast.walk(addr))):
                    lister.add(addr, wanted, f"reads {lister.text(addr)} where {writer.name} stored to "
                               f"{ast.unparse(stored)}", rank=2)
                value = store.args[1] if len(store.args) > 1 else None
                if isinstance(value, ast.Name) and value.lineno == value.end_lineno:
                    lister.add(value, f"1.0 / {value.id}", f"stores {value.id} where its reciprocal belongs", rank=3)
