"""A Triton grid's coverage (kernel_localise.py's first finding): output elements no program stores
to, said where the cause is written: a tl.program_id of the wrong axis, a store whose addresses
leave out the program's offset, or the line that sizes the grid."""

from __future__ import annotations

import re

import numpy as np

from studyxf.grading.judge.kernel_reading import ATOL, RTOL, KernelTrace, _dims, _region, _span


def coverage(trace: KernelTrace, out_shape: tuple) -> dict | None:
    """Output elements no program stores to: {"missing", "launch", "store_line", "written"} or None."""
    stores = [a for a in trace.accesses if a["op"] == "store" and trace.stored(a["launch"], a["param"])]
    size = int(np.prod(out_shape))
    launched = [la for i, la in enumerate(trace.launches) if any(trace.stored(i, n) for n in la.get("tensors") or {})]
    if size == 0 or not stores and not launched:
        return None
    if not stores:  # a grid of no program, or programs whose stores are all masked off
        return {"missing": np.ones(out_shape, bool), "launch": launched[0], "store_line": None,
                "written": np.zeros(out_shape, bool), "stores": []}
    written = np.zeros(size, bool)
    for a in stores:
        idx = a["index"][a["index"] >= 0]
        written[idx[idx < size]] = True
    if written.all():
        return None
    launch = trace.launches[stores[0]["launch"]]
    return {"missing": ~written.reshape(out_shape), "launch": launch, "store_line": stores[0]["line"],
            "written": written.reshape(out_shape), "stores": stores}


def _offset_of_other_axis(trace: KernelTrace) -> tuple[int, str, str] | None:
    """The one line that makes a tile's offsets from the other axis's program id (`offs_n = pid_m * BLOCK_N +
    ...`, where pid_n is read too): (line, the id read, the id that belongs)."""

    ids = {m.group(1) for text in trace.lines for m in [re.match(r"^\s*(\w+)\s*=\s*tl\.program_id\(", text)] if m}
    hits = []
    for n, text in enumerate(trace.lines, 1):
        m = re.match(r"^\s*\w+\s*=\s*(\w+)\s*\*\s*BLOCK_?([A-Za-z])\b", text)
        if m and m.group(1) in ids and not m.group(1).lower().endswith(m.group(2).lower()):
            want = next((i for i in ids if i.lower().endswith(m.group(2).lower()) and i != m.group(1)), None)
            if want is not None:
                hits.append((n, m.group(1), want))
    return hits[0] if len(hits) == 1 else None


def coverage_entry(trace: KernelTrace, cov: dict, got: np.ndarray, ref: np.ndarray, case_name: str) -> dict:
    launch = cov["launch"]
    grid = launch.get("grid")
    n = int(np.prod(grid)) if grid else None
    dims = _dims(grid)
    grid_words = (f"your grid launches {n} program{'s' if n != 1 else ''} (grid {tuple(grid[:dims])})"
                  if grid else "your grid")
    written = cov["written"]
    right = bool(np.all(np.isclose(got[written], ref[written], rtol=RTOL, atol=ATOL, equal_nan=True))) \
        if got.shape == ref.shape else False
    per = _per_program(cov["stores"])
    example = ""
    if len(per) and got.ndim >= 2:
        first = sorted(per)[0]
        rows = sorted({i // got.shape[-1] for i in per[first]})
        example = (f"; program {first[0] if dims == 1 else first[:dims]} stores row{'s' if len(rows) > 1 else ''} "
                   f"{_span(rows)}")
    line = launch.get("line")
    store = f" (line {cov['store_line']}: `{trace.code(cov['store_line'])}`)" if cov["store_line"] else ""
    axis = _axis_unread(trace, launch)
    if axis is not None:  # the grid is wide enough: its programs are not told apart along one axis
        at, words = axis
        text = (f"line {at}: `{trace.code(at)}` {words}: {grid_words} at line {line}, and {_region(cov['missing'])} "
                f"(on {case_name}): no program's store{store} reaches them{example}")
        return {"mistake": "located", "message": text, "verified": True, "line": at, "code": trace.code(at),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "program-id-axis"}
    # every program reads its own index, yet some write the same elements: the store's addresses
    shared = _shared_stores(cov["stores"])
    crossed = _offset_of_other_axis(trace) if shared is not None else None
    if crossed is not None:  # an offset made from the other axis's program id (offs_n = pid_m * BLOCK_N + ...)
        at, read, belongs = crossed
        text = (f"line {at}: `{trace.code(at)}` reads {read} where {belongs} belongs: {shared} store to the same "
                f"output elements, and {_region(cov['missing'])} (on {case_name}); {grid_words} at line {line}")
        return {"mistake": "located", "message": text, "verified": True, "line": at, "code": trace.code(at),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "stores-shared"}
    if shared is not None and cov["store_line"]:
        return _at_store(trace, cov, f"{shared} store to the same output elements, and {_region(cov['missing'])} (on "
                         f"{case_name}): the store's addresses do not follow the program (its row or tile offset is "
                         f"left out); {grid_words} at line {line}", "stores-shared")
    if cov["store_line"] and _masked_off(cov):  # the tiles hold them: the store's mask keeps them out
        line_s = _bound_above(trace, cov["store_line"], "mask")
        made = f" (the mask of the store at line {cov['store_line']})" if line_s != cov["store_line"] else ""
        text = (f"line {line_s}: `{trace.code(line_s)}`{made}: {_region(cov['missing'])} (on {case_name}), yet the "
                f"programs' tiles reach them: the store's mask is off on each of their lanes; check each bound of "
                f"the mask against the axis it guards (a column offset compared with M where N belongs); "
                f"{grid_words} at line {line}")
        return {"mistake": "located", "message": text, "verified": True, "line": line_s, "code": trace.code(line_s),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "store-mask"}
    overlap = _overlapping(cov["stores"], got.shape, dims)
    at = _offset_line(trace, launch, overlap[0]) if overlap else None
    if overlap and at:
        _, words = overlap
        owns = "the tile's own size (the block its tl.arange spans)" if got.ndim <= 2 else \
            "the part each program owns (a tile's rows, or a whole (batch, head) slice: that axis's stride)"
        text = (f"line {at}: `{trace.code(at)}`: {words}, so {_region(cov['missing'])} (on {case_name}): step the "
                f"offset by {owns}; {grid_words} at line {line}")
        return {"mistake": "located", "message": text, "verified": True, "line": at, "code": trace.code(at),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "tile-offset"}
    split = _idle_split(trace, cov, launch, n, got.shape)
    if split is not None:  # as many programs as tiles, some storing nothing: the flat id split into tiles wrong
        at, idle, tiles = split
        shown = _span(p[0] for p in idle) if dims == 1 else f"{len(idle)} of them"
        text = (f"line {at}: `{trace.code(at)}`: {grid_words} at line {line}, as many as the output's {tiles} tiles, "
                f"yet program{'s' if len(idle) > 1 else ''} {shown} write{'' if len(idle) > 1 else 's'} none of it, "
                f"and {_region(cov['missing'])} (on {case_name}): the "
                f"program id is split into a row tile and a column tile by this count: each program's column tile is "
                f"its id modulo the number of column tiles, its row tile the id divided by it")
        return {"mistake": "located", "message": text, "verified": True, "line": at, "code": trace.code(at),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "program-split"}
    narrow = _narrow_tile(cov, got.shape)
    if narrow is not None:  # every row written, but only its first lanes: the block is narrower than a row
        lanes, cols = narrow
        sized = _bound_above(trace, line, r"BLOCK\w*")  # (BLOCK_N = next_power_of_2(n_rows) above)
        made = f"; the block is sized at line {sized}: `{trace.code(sized)}`" if sized != line else ""
        text = (f"{grid_words} at line {line}: `{trace.code(line)}`; {_region(cov['missing'])} (on {case_name}): "
                f"each program's store{store} has {lanes} lanes, fewer than a row's {cols} columns: the block the "
                f"kernel's tl.arange spans must cover a row (triton.next_power_of_2 of the number of columns){made}")
        line = sized
        return {"mistake": "located", "message": text, "verified": True, "line": line, "code": trace.code(line),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "tile-narrow"}
    collide = _colliding(cov["stores"], dims)
    if collide is not None and cov["store_line"]:  # a program's own lanes store to the same elements: a stride
        return _at_store(trace, cov, f"{collide}, and {_region(cov['missing'])} (on {case_name}): its addresses "
                         f"repeat, a stride smaller than the tile's extent (the row stride given as a column's, 1); "
                         f"check each stride the store and the launch pass; {grid_words} at line {line}",
                         "stores-collide")
    loop = _strided_loop(trace, cov["store_line"])
    if loop is not None:  # a persistent kernel: its programs' loop over the tiles decides which are written
        text = (f"line {loop}: `{trace.code(loop)}`: {_region(cov['missing'])} (on {case_name}): the programs' loop "
                f"over the rows (a grid-stride loop, stepping by the number of programs) never reaches them, so no "
                f"store{store} writes them: its range must end past the last row; {grid_words} at line {line}")
        return {"mistake": "located", "message": text, "verified": True, "line": loop, "code": trace.code(loop),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "strided-loop"}
    sized = _grid_line(trace, line)
    made = f"; the grid is sized at line {sized}: `{trace.code(sized)}`" if sized != line else ""
    text = (f"{grid_words} at line {line}: `{trace.code(line)}`; {_region(cov['missing'])} "
            f"(on {case_name}): no program's store{store} reaches them{example}{made}. Size the grid to cover the "
            f"output: one program per tile the store writes"
            + ("; the elements it does write are right" if right and written.any() else ""))
    return {"mistake": "located", "message": text, "verified": True, "line": sized, "code": trace.code(sized),
            "step": "grid", "how": _region(cov["missing"]), "comparator": "not-covered"}


def _idle_split(trace: KernelTrace, cov: dict, launch: dict, n: int | None, shape: tuple):
    """A flat program id split into (row tile, column tile) by a count of the wrong axis: a grid of as many
    programs as the 2-D output has tiles (of the store's tile shape), some of which store nothing at all.
    (the line that makes the split's count, or the split's own; the idle programs; the tiles) or None."""
    import ast

    stores = cov["stores"]
    if n is None or len(shape) != 2 or not stores or any(a["index"].ndim != 2 for a in stores):
        return None
    rows, cols = stores[0]["index"].shape
    tiles = -(-shape[0] // rows) * -(-shape[1] // cols)
    # (a store wholly past the output, its lanes masked off, reaches no tensor and is not recorded)
    stored = {p + (0,) * (3 - len(p)) for p in _per_program(stores)}
    grid = tuple(launch.get("grid")) + (1, 1)
    idle = [p for p in np.ndindex(*grid[:3]) if p not in stored]
    if tiles != n or not idle:
        return None
    fn = next((f for f in ast.walk(trace.tree) if isinstance(f, ast.FunctionDef) and f.name == launch.get("kernel")),
              None) if trace.tree is not None else None
    if fn is None:
        return None

    def pid(node) -> bool:
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "program_id"
    ids = {t.id for a in ast.walk(fn) if isinstance(a, ast.Assign) and pid(a.value) for t in a.targets
           if isinstance(t, ast.Name)}
    splits = [b for b in ast.walk(fn) if isinstance(b, ast.BinOp) and isinstance(b.op, (ast.FloorDiv, ast.Mod))
              and (pid(b.left) or isinstance(b.left, ast.Name) and b.left.id in ids)]
    if not splits:
        return None
    counts = {ast.unparse(b.right) for b in splits}
    if len(counts) != 1:  # `pid // num_n` beside `pid % num_m`: which of the two is the slip is the search's to say
        return None
    made = [a.lineno for a in ast.walk(fn) if isinstance(a, ast.Assign) and
            any(isinstance(t, ast.Name) and t.id in counts for t in a.targets)]
    return (max(made) if made else min(b.lineno for b in splits)), idle, tiles


def _strided_loop(trace: KernelTrace, store_line: int | None) -> int | None:
    """The line of the loop around the store that steps by the number of programs (`for row in range(pid,
    n_rows, n_progs)`, n_progs = tl.num_programs(0)): a persistent kernel's, which decides what is written."""
    import ast

    tree = trace.tree
    if tree is None or not store_line:
        return None
    programs = {t.id for n in ast.walk(tree) if isinstance(n, ast.Assign) and "num_programs" in ast.unparse(n.value)
                for t in n.targets if isinstance(t, ast.Name)}
    for loop in ast.walk(tree):
        if isinstance(loop, ast.For) and loop.lineno < store_line <= loop.end_lineno and \
                isinstance(loop.iter, ast.Call) and len(loop.iter.args) == 3:
            step = loop.iter.args[2]
            if "num_programs" in ast.unparse(step) or any(isinstance(n, ast.Name) and n.id in programs
                                                          for n in ast.walk(step)):
                return loop.lineno
    return None


def _bound_above(trace: KernelTrace, line: int, keyword: str) -> int:
    """Where `line` passes a keyword argument by a name (`mask=mask`, `BLOCK_N=BLOCK_N`; `keyword` a pattern of
    its name), the one line above that binds that name (`mask = cols < n_cols - 1`, `BLOCK_N = ...`, where the
    bound or the size is written); else `line` itself."""
    named = re.search(rf"\b{keyword}\s*=\s*([A-Za-z_]\w*)\s*[,)]", trace.code(line) or "")
    if not named:
        return line
    binds = [n for n, text in enumerate(trace.lines, 1) if n < line and re.match(rf"^\s*{named.group(1)}\s*=", text)]
    return binds[-1] if len(binds) == 1 else line


def _narrow_tile(cov: dict, shape: tuple) -> tuple[int, int] | None:
    """(lanes, columns) where every row of a 2-D output is written in its first `lanes` columns only, and
    each store has that many lanes: a tile narrower than the row; else None."""
    written = cov["written"]
    if written.ndim != 2 or not written.any(axis=1).all():
        return None
    lanes = int(written[0].sum())
    if lanes == 0 or lanes >= written.shape[1] or not (written[:, :lanes].all() and not written[:, lanes:].any()):
        return None
    sizes = {int(np.asarray(a["index"]).size) for a in cov["stores"]}
    return (lanes, written.shape[1]) if sizes == {lanes} else None


def _masked_off(cov: dict) -> bool:
    """Whether every element no store reaches lies under a store lane its mask switched off."""
    off = np.zeros(cov["missing"].size, bool)
    shape = cov["missing"].shape
    for a in cov["stores"]:
        lanes = a.get("off")
        if lanes is None:
            continue
        index = a.get("index")
        if len(shape) == 2 and lanes.ndim == 2 and index is not None and index.shape == lanes.shape:
            # a lane past the row's end whose address runs on into the next row (row 31's column 40 is row 32's
            # column 0 of a 40-wide output) reaches no element of its own: only lanes in their tile row's row count
            rows = np.where(index >= 0, index // shape[1], -1)
            row_of = np.array([r[r >= 0][0] if (r >= 0).any() else -1 for r in rows])
            lanes = np.where((row_of[:, None] < 0) | (lanes // shape[1] == row_of[:, None]), lanes, -1)
        lanes = lanes[(lanes >= 0) & (lanes < off.size)]
        off[lanes] = True
    missing = cov["missing"].ravel()
    return bool(missing.any() and off[missing].all())


def _per_program(stores: list[dict]) -> dict:
    """Each program's stored elements: {program: set of flat output indices}."""
    per: dict = {}
    for a in stores:
        idx = a["index"][a["index"] >= 0]
        if idx.size:  # a store its mask switched off entirely writes nothing
            per.setdefault(tuple(a["program"]), set()).update(int(i) for i in idx)
    return per


def _overlapping(stores: list[dict], shape: tuple, dims: int) -> tuple[int, str] | None:
    """Two programs next to each other along one grid axis whose tiles overlap in part (their offset
    steps less than a tile) or leave a gap (more than a tile): (that grid axis, words), or None. A
    2-D output's rows or columns (of more axes, the rows of all its leading axes: a head's offset by one row)."""
    if len(shape) < 2:
        return None
    shape = (int(np.prod(shape[:-1])), shape[-1])
    per = _per_program(stores)
    for p in sorted(per):
        for j in range(len(p)):
            q = p[:j] + (p[j] + 1,) + p[j + 1:]
            if q not in per or per[p] == per[q]:
                continue
            for word, of in (("rows", lambda i: i // shape[1]), ("columns", lambda i: i % shape[1])):
                mine, next_ = sorted({of(i) for i in per[p]}), sorted({of(i) for i in per[q]})
                if mine == next_ or len(mine) != mine[-1] - mine[0] + 1:
                    continue  # the same rows (another axis's tiles), or a tile not in one piece
                step = next_[0] - mine[0]
                if step == len(mine) or step <= 0:
                    continue  # tiles side by side
                shown = lambda r: r[0] if dims == 1 else r[:dims]  # noqa: E731 - as the grid's words say it
                return j, (f"the tiles {'overlap' if step < len(mine) else 'leave gaps'}: program {shown(p)} stores "
                           f"{word} {_span(mine)} and program {shown(q)} {word} {_span(next_)}, its offset {step} "
                           f"{word} on where its tile is {len(mine)} {word} long")
    return None


def _offset_line(trace: KernelTrace, launch: dict, axis: int) -> int | None:
    """The one line of the kernel that multiplies the program's index along `axis` (a name bound to
    tl.program_id(axis), or the call itself): where a tile's offset is made."""
    import ast

    tree = trace.tree
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == launch.get("kernel")),
              None) if tree is not None else None
    if fn is None:
        return None

    def pid(node) -> bool:
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "program_id"):
            return False
        arg = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "axis"), None)
        return isinstance(arg, ast.Constant) and arg.value == axis
    names = {t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) and pid(n.value)
             for t in n.targets if isinstance(t, ast.Name)}
    lines = {n.lineno for n in ast.walk(fn) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mult)
             and any(pid(o) or isinstance(o, ast.Name) and o.id in names for o in (n.left, n.right))}
    return lines.pop() if len(lines) == 1 else None


def _grid_line(trace: KernelTrace, line: int | None) -> int | None:
    """Where a launch's grid is sized: `kernel[grid](...)` with grid a name assigned above the launch
    (grid = (T // block, B * H)), that assignment's line; else the launch's."""
    import ast

    tree = trace.tree
    if tree is None:
        return line
    launch = next((n for n in ast.walk(tree) if isinstance(n, ast.Subscript) and n.lineno == line
                   and isinstance(n.slice, ast.Name) and isinstance(n.ctx, ast.Load)), None)
    if launch is None:
        return line
    made = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < line and any(
        isinstance(t, ast.Name) and t.id == launch.slice.id for t in n.targets)]
    return max(made) if made else line


def _at_store(trace: KernelTrace, cov: dict, said: str, comparator: str) -> dict:
    """A grid's uncovered outputs told apart as a cause at the store's line (what its addresses do)."""
    line = cov["store_line"]
    return {"mistake": "located", "message": f"line {line}: `{trace.code(line)}`: {said}", "verified": True,
            "line": line, "code": trace.code(line), "step": "grid", "how": _region(cov["missing"]),
            "comparator": comparator}


def _colliding(stores: list[dict], dims: int) -> str | None:
    """A program whose one store writes fewer elements than it has lanes switched on (lane (1, 0) and lane
    (0, 1) at one address: a row stride of 1): that program and the counts, in words; or None."""
    for a in stores:
        idx = a["index"][a["index"] >= 0]
        distinct = np.unique(idx).size
        if idx.size > 1 and distinct < idx.size:
            p = tuple(a["program"])
            return f"program {p[0] if dims == 1 else p[:dims]}'s store writes {idx.size} lanes into {distinct} elements"
    return None


def _shared_stores(stores: list[dict]) -> str | None:
    """Programs whose stores write the very same elements (each its own copy of one tile, its offset
    left out): "programs 0..4" in words, or None. Stores that overlap in part (a row stride of 1: each
    program one element on) are another cause, the stride's, not said here."""
    per = _per_program(stores)
    if len(per) < 2:
        return None
    by_set: dict = {}
    for program, elements in per.items():
        if elements:
            by_set.setdefault(frozenset(elements), []).append(program)
    both = sorted(p for ps in by_set.values() if len(ps) > 1 for p in ps)
    if not both:
        return None
    if all(p[1:] == both[0][1:] for p in both):
        return f"programs {_span(p[0] for p in both)}"
    return f"{len(both)} programs"


def _axis_unread(trace: KernelTrace, launch: dict) -> tuple[int, str] | None:
    """Where the kernel reads its program's index along the wrong axis of its grid: a
    tl.program_id(k) of an axis the grid launches one program along, or an axis read twice while one
    the grid spreads programs along is never read. (line, words) or None."""
    import ast

    grid = launch.get("grid")
    tree = trace.tree
    if tree is None:
        return None
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == launch.get("kernel")), None)
    if fn is None or not grid:
        return None
    reads = []
    for n in ast.walk(fn):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "program_id":
            arg = n.args[0] if n.args else next((k.value for k in n.keywords if k.arg == "axis"), None)
            if isinstance(arg, ast.Constant) and type(arg.value) is int and 0 <= arg.value < 3:
                reads.append((n.lineno, arg.value))
    reads.sort()
    spread = [j for j, g in enumerate(grid) if g > 1]
    unread = [j for j in spread if all(k != j for _, k in reads)]
    if not reads or not unread:
        return None
    j = unread[0]
    shown = tuple(grid[:_dims(grid)])
    for ln, k in reads:
        if grid[k] == 1:
            return ln, (f"reads tl.program_id({k}), an axis along which the grid {shown} launches one program "
                        f"(every program gets 0 there), while the {grid[j]} programs along axis {j} are never told "
                        f"apart: read tl.program_id({j})")
    seen = set()
    for ln, k in reads:
        if k in seen:
            return ln, (f"reads tl.program_id({k}) a second time, while the {grid[j]} programs along axis {j} of "
                        f"the grid {shown} are never told apart: read tl.program_id({j})")
        seen.add(k)
    return None

