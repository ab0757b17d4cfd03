"""A Triton program's loads against the elements its output calls for (the drills' TILE_READS, lane
by lane): a load that reads other elements is a cause, said at the line that made its addresses."""

from __future__ import annotations

import numpy as np

from studyxf.grading.judge.kernel_grid import _shared_stores
from studyxf.grading.judge.kernel_reading import ATOL, RTOL, KernelTrace, _ask, _dims, _loop_of, _mag


def _geometry(trace: KernelTrace, program) -> dict | None:
    """One program's loads (in order, each with its iteration: how many times its line loaded
    before) and its last store to the output, as the drills' TILE_STEPS and TILE_READS read them."""
    stores = [a for a in trace.accesses if a["op"] == "store" and a["program"] == program
              and trace.stored(a["launch"], a["param"])]
    if not stores:
        return None
    loads, runs = [], {}
    # a program that stores several tiles (a persistent kernel's loop over column tiles): the loads made for the
    # last one, after the store before it
    last = next(n for n in range(len(trace.accesses) - 1, -1, -1) if trace.accesses[n] is stores[-1])
    after = next((n for n in range(last - 1, -1, -1) if any(trace.accesses[n] is s for s in stores[:-1])), -1)
    for a in trace.accesses[after + 1:last]:
        r = trace.role(a["launch"], a["param"])
        if a["op"] != "load" or a["program"] != program or not r or not r.startswith("input:"):
            continue
        runs[a["line"]] = runs.get(a["line"], -1) + 1
        tensor = trace.launches[a["launch"]]["tensors"][a["param"]]
        loads.append({"input": int(r.split(":")[1]), "line": a["line"], "index": a["index"], "offset": a["offset"],
                      "iter": runs[a["line"]], "strides": tensor.get("strides"), "param": a["param"]})
    return {"loads": loads, "store": stores[-1]["index"], "store_line": stores[-1]["line"],
            "launch": stores[-1]["launch"]}


def _misread(grader, remote, cases: list, traced, source: str, first: KernelTrace) -> dict | None:
    """The first program (of the smallest failing case, then of a failing case with a strided input)
    whose loads read elements other than those its stores call for (the grader's TILE_READS), with
    the line that made the load's addresses: a verified cause (the addresses are the trace's)."""
    if not hasattr(grader, "TILE_READS"):
        return None
    strided = [f for f in cases if f is not traced and any(
        hasattr(a, "is_contiguous") and not a.is_contiguous() for a in f.case.args)]
    for f in [traced, *strided[:1]]:
        try:
            seen = first if f is traced else _ask(remote, f.index, f.case, source, [], every_load=True)
        except Exception:  # noqa: BLE001 - a trace that cannot be made says nothing
            return None
        if seen is None:
            continue
        got, ref = np.asarray(f.got, np.float64), np.asarray(f.ref, np.float64)
        if got.shape != ref.shape:
            continue
        wrong = (~np.isclose(got, ref, rtol=RTOL, atol=ATOL * max(1.0, _mag(ref)), equal_nan=True)).reshape(-1)
        from studyxf.grading.judge import steps as st

        inputs = [st.as_numpy(a) for a in f.case.args]
        if _shared_stores(seen.of("store", "output")) is not None:
            return None  # the stores' own addresses are wrong: the loads cannot be judged against them
        for program in sorted({a["program"] for a in seen.of("store", "output")}):
            geo = _geometry(seen, program)
            mine = geo["store"][(geo["store"] >= 0) & (geo["store"] < wrong.size)] if geo else None
            if geo is None or not mine.size or not wrong[mine].any():
                continue
            try:
                found = grader.TILE_READS(inputs, dict(f.case.kwargs), geo)
            except Exception:  # noqa: BLE001 - a geometry the drill does not read
                found = None
            if not found:
                continue
            load = geo["loads"][found["load"]]
            dims = _dims(seen.launches[geo["launch"]].get("grid"))
            shown = tuple(program[:dims])
            who = f"program {shown[0] if dims == 1 else shown}"
            where = f", {found['where']}" if found.get("where") else ""
            line = _pointer_line(seen, load["line"], load["iter"] > 0, rows=" apart" in found["words"])
            # the line that made the addresses first, where it is not the load's own
            made = f"line {line}: `{seen.code(line)}` makes the addresses of " if line != load["line"] else ""
            return {"mistake": "located", "verified": True, "line": line, "code": seen.code(line), "step": "loads",
                    "how": found["words"], "program": list(shown), "comparator": "kernel-misread",
                    "message": f"{made}{who} ({found['program']}){where}: the load at line {load['line']}: "
                               f"`{seen.code(load['line'])}` {found['words']} (on {f.case.name})"}
    return None


def _pointer_line(trace: KernelTrace, load_line: int, later: bool, rows: bool = False) -> int:
    """The statement that made a load's addresses: where the load's pointer is a name, its advance in
    the loop (`later`: the load read right the first time round) or its assignment before; `rows`: a row
    step misread, where the pointer is a sum (`x_ptr + row_start + cols`), the one term assigned a product
    without lanes (`row_start = row * BLOCK`); else the load's own line."""
    import ast

    tree = trace.tree
    if tree is None:
        return load_line
    call = next((n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno <= load_line <= n.end_lineno
                 and isinstance(n.func, ast.Attribute) and n.func.attr == "load" and (n.args or n.keywords)), None)
    if call is None:
        return load_line
    pointer = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "pointer"), None)
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
               and n.lineno <= load_line <= n.end_lineno), tree)
    expr = pointer
    if rows and isinstance(pointer, ast.Name):  # (a pointer named a line above: `input_ptrs = row_start_ptr + cols`)
        bound = [n.value for n in ast.walk(fn) if isinstance(n, ast.Assign) and n.lineno < load_line
                 and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and n.targets[0].id == pointer.id]
        expr = bound[-1] if len(bound) == 1 else pointer
    if rows and isinstance(expr, ast.BinOp):
        terms = {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}
        # (a product, or a sum with one: `row_start_ptr = input_ptr + row_idx * n_cols`)
        steps = [n.lineno for n in ast.walk(fn) if isinstance(n, ast.Assign) and n.lineno < load_line
                 and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and n.targets[0].id in terms
                 and isinstance(n.value, ast.BinOp) and any(isinstance(m, ast.BinOp) and isinstance(m.op, ast.Mult)
                                                            for m in ast.walk(n.value))
                 and "arange" not in ast.unparse(n.value)]
        if len(steps) == 1:
            return steps[0]
    if not isinstance(pointer, ast.Name):
        return load_line
    made = sorted((n.lineno, 0) for n in ast.walk(fn)
                  if isinstance(n, (ast.Assign, ast.AugAssign)) and any(
                      isinstance(t, ast.Name) and t.id == pointer.id
                      for t in (n.targets if isinstance(n, ast.Assign) else [n.target])))
    around = _loop_of(trace, load_line)
    loop = next((n for n in ast.walk(fn) if isinstance(n, (ast.For, ast.While)) and n.lineno == around), None)
    inside = [ln for ln, _ in made if loop and loop.lineno < ln <= loop.end_lineno]
    loop = loop.lineno if loop else None
    before = [ln for ln, _ in made if ln < (loop or load_line)]
    if later and inside:
        return inside[0]
    return before[-1] if before else load_line

