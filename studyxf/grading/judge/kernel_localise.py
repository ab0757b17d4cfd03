"""A Triton kernel localised as a Python function is (issue 44), in the judge, from what
kernel_trace.py recorded in the sandbox on the smallest failing case:

1. the grid's coverage: output elements no program instance stores to ("your grid launches 1
   program; rows 1..3 are never written"), with the launch's line and the store's;
2. the failing program instance (the first whose stored elements are wrong), its values line by
   line and loop iteration by iteration, against the drill's own steps of that tile (its grader's
   TILE_STEPS: per-tile max, rescale factor, running sum, accumulator, computed in float64 from
   the case's inputs on the lanes the learner's loads and store address): the first value that
   leaves them, with the relation that the values verify (the reciprocal of the step, the step
   times a named factor);
3. the inputs a failing program never loads that its outputs need (the grader's TILE_NEEDS: a
   key loop that stops before the diagonal tile, a K loop one tile short), verified when the
   reference computed from what it loaded alone gives the learner's outputs.

Each finding names the program instance (its grid index and the tile it computes) and the
kernel's line. Where nothing is verified by the values this says nothing, and the diagnosis goes
on as before."""

from __future__ import annotations

import math

import numpy as np

from studyxf.grading import wire

RTOL, ATOL = 2e-4, 2e-5


def applies(grader) -> bool:
    """A Triton drill graded in the interpreter, whose grader states its tiles' steps."""
    import os

    return os.environ.get("TRITON_INTERPRET") == "1" and hasattr(grader, "TILE_STEPS")


# -- the trace as the judge reads it -------------------------------------------------------------


class KernelTrace:
    def __init__(self, data: dict, source: str):
        self.launches = data.get("launches") or []
        self.events = []
        for e in data.get("events") or []:
            value = wire.decode(e["v"])
            if isinstance(value, wire.Array):
                self.events.append({**{k: v for k, v in e.items() if k != "v"}, "program": tuple(e["program"]),
                                    "value": value.values})
        self.accesses = []
        for a in data.get("accesses") or []:
            value = wire.decode(a["v"])
            if isinstance(value, wire.Array):
                offset = wire.decode(a["o"]) if "o" in a else value
                self.accesses.append({**{k: v for k, v in a.items() if k not in ("v", "o")},
                                      "program": tuple(a["program"]), "index": value.values.astype(np.int64),
                                      "offset": offset.values.astype(np.int64)})
        self.lines = source.splitlines()

    def code(self, line) -> str:
        return self.lines[line - 1].strip() if line and 0 < line <= len(self.lines) else ""

    def role(self, launch: int, param: str) -> str | None:
        return ((self.launches[launch].get("tensors") or {}).get(param) or {}).get("role")

    def of(self, op: str, role: str, program=None) -> list[dict]:
        return [a for a in self.accesses if a["op"] == op and self.role(a["launch"], a["param"]) == role
                and (program is None or a["program"] == program)]


def _ask(remote, index: int, case, source: str, programs=None, every_load: bool = False) -> KernelTrace | None:
    message = remote.case_request(index, case, "kernel_trace")
    if programs is not None:
        message["programs"] = [list(p) for p in programs]
    if every_load:
        message["every_load"] = True
    answer = remote.ask(message, remote.limit(case))
    data = answer.get("kernel_trace")
    return KernelTrace(data, source) if isinstance(data, dict) else None


# -- words ---------------------------------------------------------------------------------------


def _span(values) -> str:
    """Sorted ints as ranges: 1..3, 7."""
    values = sorted(set(int(v) for v in values))
    parts, start = [], None
    for i, v in enumerate(values):
        if start is None:
            start = v
        if i + 1 == len(values) or values[i + 1] != v + 1:
            parts.append(f"{start}" if start == v else f"{start}..{v}")
            start = None
    return ", ".join(parts)


def _region(missing: np.ndarray) -> str:
    """Elements of an output never written, in words by its leading axes (rows, for a 2-D output)."""
    shape = missing.shape
    if missing.all():
        return "the whole output is never written"
    if len(shape) >= 2:
        rows = missing.reshape(-1, shape[-1])
        whole = rows.all(axis=1)
        if whole.any() and not (rows & ~whole[:, None]).any():
            lead = np.argwhere(whole.reshape(shape[:-1]))
            if len(shape) == 2:
                return f"rows {_span(lead[:, 0])} of {shape[0]} are never written"
            by = {tuple(r[:-1]) for r in lead}
            if len(by) == 1:
                (head,) = by
                return (f"rows {_span(lead[:, -1])} of {shape[-2]} (at index {[int(i) for i in head]} of the leading "
                        f"axes) are never written")
            return f"{len(lead)} rows of {int(np.prod(shape[:-1]))} (along the second-to-last axis) are never written"
        cols = missing.reshape(-1, shape[-1]).all(axis=0)
        if len(shape) == 2 and cols.any() and not (missing & ~cols[None, :]).any():
            return f"columns {_span(np.flatnonzero(cols))} of {shape[-1]} are never written"
    return f"{int(missing.sum())} of {missing.size} output elements are never written"


def _dims(grid) -> int:
    """The grid's axes up to the last one longer than 1 (at least one)."""
    return max((i + 1 for i, g in enumerate(grid or []) if g != 1), default=1)


# -- 1. the grid's coverage ----------------------------------------------------------------------


def coverage(trace: KernelTrace, out_shape: tuple) -> dict | None:
    """Output elements no program stores to: {"missing", "launch", "store_line", "written"} or None."""
    stores = [a for a in trace.accesses if a["op"] == "store" and trace.role(a["launch"], a["param"]) == "output"]
    size = int(np.prod(out_shape))
    launched = [la for la in trace.launches if any(t.get("role") == "output" for t in (la.get("tensors") or {}).values())]
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
    per = {}
    for a in cov["stores"]:
        idx = a["index"][a["index"] >= 0]
        per.setdefault(tuple(a["program"]), set()).update(int(i) for i in idx)
    example = ""
    if len(per) and got.ndim >= 2:
        first = sorted(per)[0]
        rows = sorted({i // got.shape[-1] for i in per[first]})
        example = f"; program {first[0] if dims == 1 else first[:dims]} stores row{'s' if len(rows) > 1 else ''} {_span(rows)}"
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
    if shared is not None and cov["store_line"]:
        line_s = cov["store_line"]
        text = (f"line {line_s}: `{trace.code(line_s)}`: {shared} store to the same output elements, and "
                f"{_region(cov['missing'])} (on {case_name}): the store's addresses do not follow the program "
                f"(its row or tile offset is left out); {grid_words} at line {line}")
        return {"mistake": "located", "message": text, "verified": True, "line": line_s, "code": trace.code(line_s),
                "step": "grid", "how": _region(cov["missing"]), "comparator": "stores-shared"}
    sized = _grid_line(trace, line)
    made = f"; the grid is sized at line {sized}: `{trace.code(sized)}`" if sized != line else ""
    text = (f"{grid_words} at line {line}: `{trace.code(line)}`; {_region(cov['missing'])} "
            f"(on {case_name}): no program's store{store} reaches them{example}{made}. Size the grid to cover the "
            f"output: one program per tile the store writes"
            + ("; the elements it does write are right" if right and written.any() else ""))
    return {"mistake": "located", "message": text, "verified": True, "line": sized, "code": trace.code(sized),
            "step": "grid", "how": _region(cov["missing"]), "comparator": "not-covered"}


def _grid_line(trace: KernelTrace, line: int | None) -> int | None:
    """Where a launch's grid is sized: `kernel[grid](...)` with grid a name assigned above the launch
    (grid = (T // block, B * H)), that assignment's line; else the launch's."""
    import ast

    try:
        tree = ast.parse("\n".join(trace.lines))
    except SyntaxError:
        return line
    launch = next((n for n in ast.walk(tree) if isinstance(n, ast.Subscript) and n.lineno == line
                   and isinstance(n.slice, ast.Name) and isinstance(n.ctx, ast.Load)), None)
    if launch is None:
        return line
    made = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Assign) and n.lineno < line and any(
        isinstance(t, ast.Name) and t.id == launch.slice.id for t in n.targets)]
    return max(made) if made else line


def _shared_stores(stores: list[dict]) -> str | None:
    """Programs whose stores write the very same elements (each its own copy of one tile, its offset
    left out): "programs 0..4" in words, or None. Stores that overlap in part (a row stride of 1: each
    program one element on) are another cause, the stride's, not said here."""
    per: dict = {}
    for a in stores:
        idx = a["index"][a["index"] >= 0]
        per.setdefault(tuple(a["program"]), set()).update(int(i) for i in idx)
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
    try:
        tree = ast.parse("\n".join(trace.lines))
    except SyntaxError:
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


# -- 2. a program's values against the tile's steps -------------------------------------------


def _close(v: np.ndarray, s: np.ndarray, valid: np.ndarray) -> bool:
    if v.shape != s.shape:
        return False
    a, b = v[valid], s[valid]
    if a.size == 0:
        return False
    return bool(np.all(np.isclose(a, b, rtol=RTOL, atol=ATOL * max(1.0, _mag(b)), equal_nan=True)
                       | ((a == b) & ~np.isnan(a))))


def _mag(b: np.ndarray) -> float:
    fin = b[np.isfinite(b)]
    return float(np.abs(fin).max()) if fin.size else 1.0


def _named_factor(c: float, quantities: dict) -> str | None:
    for name, q in quantities.items():
        if q and math.isclose(c, q, rel_tol=1e-6):
            return name
    return None


def explain(v: np.ndarray, s: np.ndarray, valid: np.ndarray, quantities: dict) -> str | None:
    """How the learner's value relates to the step's on the valid lanes, where one relation holds on
    every one of them: its reciprocal, or the step times a named factor."""
    if v.shape != s.shape:
        return None
    a, b = v[valid], s[valid]
    if a.size == 0:
        return None
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        inv = np.where(b == 0, np.inf, 1.0 / b)
        if np.all(np.isclose(a, inv, rtol=1e-6, atol=0) | ((a == inv) & ~np.isnan(a))) and not np.all(np.isclose(b, 1)):
            return "reciprocal"
        fin = np.isfinite(a) & np.isfinite(b) & (np.abs(b) > 1e-12)
        if fin.sum() >= 1 and np.all(np.isfinite(a) == np.isfinite(b)):
            ratio = a[fin] / b[fin]
            c = float(np.median(ratio))
            if c != 0 and not math.isclose(c, 1.0, rel_tol=1e-6) and np.allclose(ratio, c, rtol=1e-6, atol=0) \
                    and np.all(np.isclose(a[~fin], b[~fin] * c, equal_nan=True) | (a[~fin] == b[~fin])):
                name = _named_factor(c, quantities)
                if name or fin.sum() >= 2:  # one number is some multiple of any other: a name, or lanes
                    return f"factor:{c:.6g}" + (f":{name}" if name else "")
        # an exponential of the step's exponent times c (exp2 with a rounded log2(e)): a power of it
        apart = fin & (a > 0) & (b > 0) & (np.abs(np.log(np.where(b > 0, b, 1.0))) > 1e-3)
        if apart.sum() >= 2 and np.all(a[~apart & fin] > 0):
            power = np.log(a[apart]) / np.log(b[apart])
            c = float(np.median(power))
            if not math.isclose(c, 1.0, rel_tol=1e-6) and np.allclose(power, c, rtol=1e-5, atol=0):
                return f"power:{c:.6g}"
    return None


def first_departure(trace: KernelTrace, program, steps: list[list[dict]], loaded: list[tuple],
                    quantities: dict) -> dict | None:
    """The program's float values in order against its steps (steps[i]: iteration i's, in the order
    the kernel makes them, each {"name", "says", "value", "valid"}): the first value that equals
    none of its iteration's (or the one before's) steps and no loaded tile, if a relation to a step
    not reached yet explains it on every lane. None when the values stay with the steps, or when
    the first value that leaves them is explained by nothing (an intermediate of the learner's own)."""
    # a reduction's result may come as shape (1,): one number, as the steps hold it
    events = [e if e["value"].size != 1 else {**e, "value": e["value"].reshape(())} for e in trace.events
              if e["program"] == program and np.issubdtype(e["value"].dtype, np.floating) and e["value"].size]
    reached: dict = {}
    loop_lines = {e["line"] for e in events if e["iter"] > 0}
    for e in events:
        v = e["value"]
        if v.size > 1 and (np.all(v == v.flat[0]) or np.all(np.isnan(v))) and e["iter"] == 0 \
                and e["line"] not in loop_lines:
            continue  # an initial value (zeros, -inf): no step's yet
        if any(t.shape == v.shape and np.array_equal(t[on], v[on], equal_nan=True) for t, on in loaded):
            continue  # a tile as loaded (on the lanes its mask lets through; the rest hold its `other`)
        it = e["iter"] if e["line"] in loop_lines else 0
        here = steps[min(it, len(steps) - 1)] if steps else []
        before = steps[it - 1] if 0 < it <= len(steps) else []
        hit = next((s for s in [*here, *before] if _close(v, s["value"], s["valid"])), None)
        if hit is not None:
            reached.setdefault(it, set()).add(hit["name"])
            continue
        readings = []
        for s in here:
            # a step reached already counts too: its operation made once more (the scores scaled twice)
            if s["value"].shape != v.shape or s.get("no_explain"):
                continue
            how = explain(v, s["value"], s["valid"], quantities)
            if how:
                readings.append({"event": e, "step": s, "how": how, "iter": it})
        # a relation with a name (the reciprocal, a factor the case's sizes give) before a bare number
        named = [r for r in readings if r["how"] == "reciprocal" or r["how"].count(":") == 2]
        # the first value off the steps, explained by no relation: its event and the steps it might be
        return (named or readings or [{"event": e, "step": None, "how": None, "iter": it,
                                       "steps": [s for s in here if s["value"].shape == v.shape]}])[0]
    return None


def _how_words(how: str, step: dict, code: str = "") -> str:
    if how.startswith("power:"):
        c = float(how.split(":")[1])
        said = f"yours is it to the power {c:.6g} on every lane: the exponent is {c:.6g} times the step's"
        if "exp2" in code:
            said += (f"; exp2(z * c) is exp(z) only for c = log2(e) = {1 / math.log(2):.10g}, and yours multiplies "
                     f"by {c / math.log(2):.6g}")
        return said
    if how == "reciprocal":
        return f"yours is its reciprocal{(', ' + step['inverse']) if step.get('inverse') else ''} on every lane"
    _, c, *name = how.split(":")
    if name:
        extra = step.get("factor_words", {}).get(name[0], "")
        return f"yours is it times {name[0]} ({c}) on every lane{extra}"
    return f"yours is it times {c} on every lane"


# -- the diagnosis ---------------------------------------------------------------------------------


def diagnose(grader, comparable: list, remote, req, values: bool = True) -> list[dict]:
    """The kernel's entries ([] when nothing is verified): the grid's coverage, then (`values`) a
    program's first value off its steps, or the inputs a program never loads."""
    cases = [f for f in comparable if f.case is not None and f.got is not None and f.ref is not None
             and f.index is not None]
    if not cases or remote.gone:
        return []

    def size(f):
        return sum(a.numel() for a in f.case.args if hasattr(a, "numel"))
    traced = min(cases, key=size)
    from studyxf.grading.judge.diagnose import _source

    source = _source(req)
    if source is None:
        return []
    try:
        trace = _ask(remote, traced.index, traced.case, source, [],
                     every_load=not values and hasattr(grader, "TILE_READS"))
    except Exception:  # noqa: BLE001 - a trace that cannot be made says nothing
        return []
    if trace is None or not trace.launches:
        return []
    got, ref = np.asarray(traced.got, np.float64), np.asarray(traced.ref, np.float64)
    out: list[dict] = []
    cov = coverage(trace, ref.shape) if got.shape == ref.shape else None
    if cov is not None:
        out.append(coverage_entry(trace, cov, got, ref, traced.case.name))
    # the first program whose stored elements are wrong
    wrong = ~np.isclose(got, ref, rtol=RTOL, atol=ATOL * max(1.0, _mag(ref)), equal_nan=True) \
        if got.shape == ref.shape else None
    # the elements the grid does write, where some are wrong too, have a cause of their own
    if wrong is None or out and not (wrong & cov["written"]).any():
        return out
    if not values:  # the first pass (before the catalogue): the grid, then addresses, both facts of the trace;
        # with a load that reads the wrong elements, a value off the steps is a second cause
        misread = _misread(grader, remote, cases, traced, source, trace)
        if misread is None and not out:
            return []
        out += [misread] if misread is not None else []
    flat_wrong = wrong.reshape(-1)
    program = None
    for a in trace.of("store", "output"):
        idx = a["index"][a["index"] >= 0]
        idx = idx[idx < flat_wrong.size]
        if flat_wrong[idx].any():
            program = a["program"]
            break
    if program is None:
        return out
    try:
        watched = _ask(remote, traced.index, traced.case, source, [program])
    except Exception:  # noqa: BLE001
        return out
    if watched is None:
        return out
    found = _program_cause(grader, watched, program, traced)
    said = bool(out)
    for entry in found if isinstance(found, list) else [found] if found else []:
        # beside a wrong load or grid, a value off the steps that no relation explains may be its consequence
        if not any(d.get("line") == entry.get("line") for d in out) and (entry.get("verified") or not said):
            out.append(entry)
    return out


# -- 2a. loads that read other elements than the program's stores call for ------------------------


def _geometry(trace: KernelTrace, program, loads_only_of=None) -> dict | None:
    """One program's loads (in order, each with its iteration: how many times its line loaded
    before) and its last store to the output, as the drills' TILE_STEPS and TILE_READS read them."""
    stores = [a for a in trace.accesses if a["op"] == "store" and a["program"] == program
              and trace.role(a["launch"], a["param"]) == "output"]
    if not stores:
        return None
    loads, runs = [], {}
    for a in trace.accesses:
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
            line = _pointer_line(seen, load["line"], load["iter"] > 0)
            made = f"; its addresses are made at line {line}: `{seen.code(line)}`" if line != load["line"] else ""
            return {"mistake": "located", "verified": True, "line": line, "code": seen.code(line), "step": "loads",
                    "how": found["words"], "program": list(shown), "comparator": "kernel-misread",
                    "message": f"{who} ({found['program']}){where}: the load at line {load['line']}: "
                               f"`{seen.code(load['line'])}` {found['words']} (on {f.case.name}){made}"}
    return None


def _pointer_line(trace: KernelTrace, load_line: int, later: bool) -> int:
    """The statement that made a load's addresses: where the load's pointer is a name, its advance in
    the loop (`later`: the load read right the first time round) or its assignment before; else the
    load's own line."""
    import ast

    try:
        tree = ast.parse("\n".join(trace.lines))
    except SyntaxError:
        return load_line
    call = next((n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno <= load_line <= n.end_lineno
                 and isinstance(n.func, ast.Attribute) and n.func.attr == "load" and (n.args or n.keywords)), None)
    if call is None:
        return load_line
    pointer = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "pointer"), None)
    if not isinstance(pointer, ast.Name):
        return load_line
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
               and n.lineno <= load_line <= n.end_lineno), tree)
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


def _program_cause(grader, trace: KernelTrace, program, traced: dict) -> dict | list | None:
    from studyxf.grading.judge import steps as st

    case = traced.case
    inputs = [st.as_numpy(a) for a in case.args]
    kwargs = dict(case.kwargs)
    loads = [a for a in trace.accesses if a["op"] == "load" and a["program"] == program]
    stores = [a for a in trace.accesses if a["op"] == "store" and a["program"] == program
              and trace.role(a["launch"], a["param"]) == "output"]
    if not stores:
        return None
    geometry = {"loads": [{"input": int(r.split(":")[1]), "line": a["line"], "index": a["index"]}
                          for a in loads if (r := trace.role(a["launch"], a["param"])) and r.startswith("input:")],
                "store": stores[-1]["index"], "store_line": stores[-1]["line"]}
    launch = trace.launches[stores[-1]["launch"]]
    dims = _dims(launch.get("grid"))
    shown = tuple(program[:dims])
    who = f"program {shown[0] if dims == 1 else shown}"
    try:
        tile = grader.TILE_STEPS(inputs, kwargs, geometry)
    except Exception:  # noqa: BLE001 - a geometry the drill's steps do not read
        return None
    if tile is None:
        return None
    loaded = [(np.where(g["index"] >= 0, inputs[g["input"]].reshape(-1)[np.maximum(g["index"], 0)], 0.0),
               g["index"] >= 0) for g in geometry["loads"]]
    departure = first_departure(trace, program, tile["steps"], loaded, tile.get("quantities", {}))
    off = departure if departure is not None and departure["how"] is None else None
    if off is not None:
        fill = _masked_fill(grader, trace, program, off, geometry, who, tile, (inputs, kwargs))
        if fill is not None:
            return fill
    elif departure is not None:
        e, step = departure["event"], departure["step"]
        where = tile["where"](departure["iter"]) if tile.get("where") else ""
        line = _constant_line(trace, departure["how"], e["line"])
        text = (f"{who} ({tile['program']}){where}, line {e['line']}: `{trace.code(e['line'])}`: the step "
                f"'{step['name']}' ({step['says']}): {_how_words(departure['how'], step, trace.code(e['line']))}")
        if line != e["line"]:
            text += f"; the constant is written at line {line}: `{trace.code(line)}`"
        return {"mistake": "located", "message": text, "verified": True, "line": line,
                "code": trace.code(line), "step": step["name"], "how": departure["how"],
                "comparator": f"kernel-{step['name'].replace(' ', '-')}-{departure['how'].split(':')[0]}",
                "program": list(shown)}
    short = tile.get("unread")
    if short:
        got_rows = np.asarray(traced.got, np.float64).reshape(-1)
        mine = geometry["store"]
        have = got_rows[mine[mine >= 0]]
        want = short["output"]
        verified = want is not None and want.shape == have.shape and bool(np.all(
            np.isclose(have, want, rtol=RTOL, atol=ATOL * max(1.0, _mag(want)), equal_nan=True)))
        # the loads are the trace's: inputs its outputs need and it never reads are a cause either way;
        # where the reference from what it loads gives its outputs, the only one in this program
        line = _loop_of(trace, short.get("load_line"), launch.get("kernel"))
        unread = {"mistake": "located", "verified": True, "line": line, "code": trace.code(line), "step": "loads",
                  "how": short["words"], "program": list(shown), "comparator": short.get("id", "kernel-unread"),
                  "message": f"{who} ({tile['program']}): {short['words']}"
                             + (f"; the loop at line {line}: `{trace.code(line)}`" if line else "")
                             + (": its outputs are the reference's computed from what it loads alone" if verified
                                else ": its outputs need them")}
        if verified or off is None:
            return unread
        return [unread, _off_entry(trace, off, who, tile)]
    return _off_entry(trace, off, who, tile) if off is not None else None


def _off_entry(trace: KernelTrace, off: dict, who: str, tile: dict) -> dict:
    """The first value off the steps that no relation explains: where, measured, not why."""
    e = off["event"]
    where = tile["where"](off["iter"]) if tile.get("where") else ""
    return {"mistake": "localised", "line": e["line"], "code": trace.code(e["line"]),
            "message": f"measured: {who} ({tile['program']}){where}, line {e['line']}: `{trace.code(e['line'])}` makes "
                       f"the first value that leaves the kernel's steps"}


def _masked_fill(grader, trace: KernelTrace, program, off: dict, geometry: dict, who: str, tile: dict,
                 args: tuple) -> dict | None:
    """A value off the steps that the steps give when the lanes a load's mask turns off hold its
    `other=` and take part (a max over +inf lanes): the load's line is the cause. The drill's
    TILE_STEPS computes them so where geometry["fill"] is given."""
    e = off["event"]
    v = e["value"]
    for g in geometry["loads"]:
        held = next((x for x in trace.events if x["program"] == program and x["line"] == g["line"]
                     and x["value"].shape == g["index"].shape), None)
        if held is None:
            continue
        masked = held["value"][g["index"] < 0]
        if not masked.size or not np.all(masked == masked.flat[0]) or np.isneginf(masked.flat[0]):
            continue
        fill = float(masked.flat[0])
        try:
            filled = grader.TILE_STEPS(*args, {**geometry, "fill": fill})
        except Exception:  # noqa: BLE001 - a drill whose steps take no fill
            return None
        steps = (filled or {}).get("steps") or []
        here = steps[min(off["iter"], len(steps) - 1)] if steps else []
        hit = next((s for s in here if s["value"].shape == v.shape and _close(v, s["value"], s["valid"])), None)
        if hit is None:
            continue
        return {"mistake": "located", "verified": True, "line": g["line"], "code": trace.code(g["line"]),
                "step": hit["name"], "how": f"masked-fill:{fill}", "comparator": "kernel-masked-fill",
                "message": f"{who} ({tile['program']}): line {g['line']}: `{trace.code(g['line'])}` fills the lanes "
                           f"its mask turns off with {fill:g} (other=), and they take part: line {e['line']}: "
                           f"`{trace.code(e['line'])}` gives the step '{hit['name']}' as it comes out with them "
                           f"(verified on every lane). The lanes past the row must not change the result: fill them "
                           f"with what the reduction ignores (-inf for a max, 0 for a sum)"}
    return None


def _constant_line(trace: KernelTrace, how: str, line: int) -> int:
    """For an exponent scaled by c under exp2, the one line that writes the multiplier c·ln2 as a
    number (LOG2E = 1.44 above the kernel); else `line`."""
    import ast

    if not how.startswith("power:") or "exp2" not in trace.code(line):
        return line
    want = float(how.split(":")[1]) / math.log(2)
    try:
        tree = ast.parse("\n".join(trace.lines))
    except SyntaxError:
        return line
    at = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) is float
          and math.isclose(n.value, want, rel_tol=1e-5)}
    return at.pop() if len(at) == 1 else line


def _loop_of(trace: KernelTrace, line: int | None, kernel: str | None = None) -> int | None:
    """The line of the innermost `for` that holds line `line` in the learner's file; without a line,
    the first loop of the kernel `kernel`."""
    import ast

    try:
        tree = ast.parse("\n".join(trace.lines))
    except SyntaxError:
        return None
    if not line:
        fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == kernel), None)
        loops = \
            sorted(n.lineno for n in ast.walk(fn) if isinstance(n, (ast.For, ast.While))) if fn else []
        return loops[0] if loops else None
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.While)) and node.lineno < line <= (node.end_lineno or 0):
            if best is None or node.lineno > best:
                best = node.lineno
    return best
