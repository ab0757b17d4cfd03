"""A Triton kernel localised as a Python function is (issue 44), in the judge, from what
kernel_trace.py recorded in the sandbox on the smallest failing case:

1. the grid's coverage: output elements no program instance stores to ("your grid launches 1
   program; rows 1..3 are never written"), said where the cause is written (kernel_grid.py); then
   a load that reads other elements than its program's output calls for (kernel_reads.py);
2. the failing program instance (the first whose stored elements are wrong), its values line by
   line and loop iteration by iteration, against the drill's own steps of that tile (its grader's
   TILE_STEPS: per-tile max, rescale factor, running sum, accumulator, computed in float64 from
   the case's inputs on the lanes the learner's loads and store address): the first value that
   leaves them, with the relation that the values verify (the reciprocal of the step, the step
   times a named factor, a power of it: exp2 with a rounded log2(e)), or the steps as they come
   out when a load's other= lanes take part (a max over +inf);
3. the inputs a failing program never loads that its outputs need (the grader's TILE_NEEDS: a
   key loop that stops before the diagonal tile, a K loop one tile short), verified when the
   reference computed from what it loaded alone gives the learner's outputs.

Each finding names the program instance (its grid index and the tile it computes) and the
kernel's line (the trace as read here: kernel_reading.py). Where nothing is verified by the
values this says nothing, and the diagnosis goes on as before."""

from __future__ import annotations

import math
import re

import numpy as np

from studyxf.grading.judge.kernel_grid import coverage, coverage_entry
from studyxf.grading.judge.kernel_reading import ATOL, RTOL, KernelTrace, _ask, _dims, _loop_of, _mag
from studyxf.grading.judge.kernel_reads import _geometry, _misread
from studyxf.grading.judge.kernel_source import reciprocal_made


def applies(grader) -> bool:
    """A Triton drill graded in the interpreter, whose grader states its tiles' steps."""
    import os

    return os.environ.get("TRITON_INTERPRET") == "1" and hasattr(grader, "TILE_STEPS")


# -- 2. a program's values against the tile's steps -------------------------------------------


def _close(v: np.ndarray, s: np.ndarray, valid: np.ndarray) -> bool:
    if v.shape != s.shape:
        return False
    a, b = v[valid], s[valid]
    if a.size == 0:
        return False
    return bool(np.all(np.isclose(a, b, rtol=RTOL, atol=ATOL * max(1.0, _mag(b)), equal_nan=True)
                       | ((a == b) & ~np.isnan(a))))


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
    scaled: dict = {}  # a named quantity -> the line that folded it into a loaded tile
    loop_lines = {e["line"] for e in events if e["iter"] > 0}
    for e in events:
        v = e["value"]
        if v.size > 1 and (np.all(v == v.flat[0]) or np.all(np.isnan(v))) and e["iter"] == 0 \
                and e["line"] not in loop_lines:
            continue  # an initial value (zeros, -inf): no step's yet
        said = trace.code(e["line"]).split("#")[0]
        if v.size == 1 and e["line"] not in loop_lines and (_written(float(v), said) or not re.search(
                r"\b(max|min|sum|load|dot|exp2?|log2?)\(", said)):
            # a constant the line writes (LOG2E = tl.full((1,), 1.4427, ...)), or numbers made of such (qk_scale =
            # scale * LOG2E): no tile's step, a factor the steps' values show where it is applied
            continue
        if any(t.shape == v.shape and np.array_equal(t[on], v[on], equal_nan=True) for t, on in loaded):
            continue  # a tile as loaded (on the lanes its mask lets through; the rest hold its `other`)
        folded = next((name for t, on in loaded if t.shape == v.shape and on.any() for name, q in quantities.items()
                       if q and np.allclose(v[on], t[on] * q, rtol=RTOL, atol=0)), None)
        if folded:  # a tile as loaded times a named quantity: the scale folded into q once, a step of its own
            scaled.setdefault(folded, e["line"])
            continue
        # a store after the loop holds the last iteration's result (the output step)
        it = e["iter"] if e["line"] in loop_lines else (len(steps) - 1 if e["name"] == "<store>" and steps else 0)
        here = steps[min(it, len(steps) - 1)] if steps else []
        before = steps[it - 1] if 0 < it <= len(steps) else []
        hit = next((s for s in [*here, *before] if _close(v, s["value"], s["valid"])), None)
        if hit is not None:
            reached.setdefault(it, set()).add(hit["name"])
            continue
        readings = []
        for s in here:
            # a step reached already counts too: its operation made once more (the scores scaled twice);
            # what is stored, made inside the store's call, is held against the steps but read by no
            # relation: num / sum' is the exponentials times some number, whichever of the two is wrong
            if s["value"].shape != v.shape or s.get("no_explain") or e["name"] == "<store>":
                continue
            how = explain(v, s["value"], s["valid"], quantities)
            if how:
                readings.append({"event": e, "step": s, "how": how, "iter": it})
        # a relation with a name (the reciprocal, a factor the case's sizes give) before a bare number
        for r in readings:  # the same quantity folded into a loaded tile before: both lines scale
            name = r["how"].split(":")[2] if r["how"].count(":") == 2 else None
            if name in scaled:
                r["also"] = scaled[name]
        named = [r for r in readings if r["how"] == "reciprocal" or r["how"].count(":") == 2]
        # the first value off the steps, explained by no relation: its event and the steps it might be
        return (named or readings or [{"event": e, "step": None, "how": None, "iter": it,
                                       "steps": [s for s in here if s["value"].shape == v.shape]}])[0]
    return None


def _written(value: float, code: str) -> bool:
    """Whether the line writes `value` as a number literal."""
    return any(math.isclose(float(n), value, rel_tol=1e-6) for n in re.findall(r"(?<![\w.])\d+\.\d*(?:e-?\d+)?", code))


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


def diagnose(grader, comparable: list, remote, req, values: bool = True, source: str | None = None) -> list[dict]:
    """The kernel's entries ([] when nothing is verified): the grid's coverage, then (`values`) a
    program's first value off its steps, or the inputs a program never loads (`source`: an edited
    copy's, traced through a remote that sends it, kernel_repair.py; else the learner's file)."""
    cases = [f for f in comparable if f.case is not None and f.got is not None and f.ref is not None
             and f.index is not None]
    if not cases or remote.gone:
        return []

    def size(f):  # the smallest case whose rows are longer than one (a row of one hides a sum: it is its input)
        arrays = [a for a in f.case.args if hasattr(a, "numel")]
        return any(a.ndim and a.shape[-1] == 1 for a in arrays), sum(a.numel() for a in arrays)
    traced = min(cases, key=size)
    from studyxf.grading.judge.diagnose import _source

    source = source or _source(req)
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
    elif not values:  # one tile each way covers a small case whatever the grid: the case with the most tiles
        out += _covered_elsewhere(remote, cases, traced, source)
    # the first program whose stored elements are wrong
    wrong = ~np.isclose(got, ref, rtol=RTOL, atol=ATOL * max(1.0, _mag(ref)), equal_nan=True) \
        if got.shape == ref.shape else None
    # the elements the grid does write, where some are wrong too, have a cause of their own: looked for
    # in the next cases too (a load's other=0 is harmless beside logits of 1000, not beside logits of 2)
    if wrong is not None and cov is not None and not (wrong & cov["written"]).any():
        for f in sorted((f for f in cases if f is not traced), key=size)[:2]:
            again = _written_wrong(remote, f, source, every_load=not values and hasattr(grader, "TILE_READS"))
            if again is not None:
                traced, trace, got, ref, wrong = again
                break
        else:
            return out
    if wrong is None:
        return out
    if not values:  # the first pass (before the catalogue): the grid, then addresses, both facts of the trace;
        # with a load that reads the wrong elements, a value off the steps is a second cause
        misread = _misread(grader, remote, cases, traced, source, trace)
        past = _past_the_end(trace) if misread is None else None
        if past is not None:  # what lies there changes from run to run: nothing past it is read from the values
            return out + [past]
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
    misread = any(d.get("comparator") == "kernel-misread" for d in out)
    for entry in found if isinstance(found, list) else [found] if found else []:
        # beside a wrong load or grid, a value off the steps that no relation explains may be its consequence;
        # beside a load that reads other elements, inputs "never loaded" are the same addresses said again
        if misread and (entry.get("comparator") or "").endswith("-unread"):
            continue
        if not any(d.get("line") == entry.get("line") for d in out) and (entry.get("verified") or not said):
            out.append(entry)
        elif said and entry.get("line") and not entry.get("verified") and len(out) == 1 and \
                out[0].get("step") == "grid" and out[0].get("line") != entry["line"]:
            # the outputs the grid does write are wrong as well: where their values leave the steps, a fact of the
            # trace (which the search for a second cause starts from)
            line = entry["line"]
            wrong_too = "the elements it writes are wrong too: their values first leave the kernel's steps"
            out[0] = {**out[0], "message": f"{out[0]['message']}; {wrong_too} at line {line}: `{trace.code(line)}`"}
    return out


def _past_the_end(trace: KernelTrace) -> dict | None:
    """The first load or store whose mask lets lanes through outside its tensor's memory (a K mask
    left out: past the end of a), a fact of the addresses, at the access's line; else None."""
    for a in trace.accesses:
        if a.get("past"):
            what = "reads" if a["op"] == "load" else "writes"
            line = a["line"]
            program = a["program"][:_dims(trace.launches[a["launch"]].get("grid"))]
            shown = program[0] if len(program) == 1 else tuple(program)
            return {"mistake": "located", "verified": True, "line": line, "code": trace.code(line), "step": "loads",
                    "how": f"{a['past']} lanes past the end of {a['param']}", "comparator": "kernel-past-the-end",
                    "program": list(program),
                    "message": f"line {line}: `{trace.code(line)}` {what} {a['past']} "
                               f"lane{'s' if a['past'] > 1 else ''} past the end of {a['param']} (program {shown}): "
                               f"its mask lets through addresses "
                               f"outside the tensor, whose contents change from run to run; mask every axis the tile "
                               f"runs over (the last tile of each is partial)"}
    return None


def _covered_elsewhere(remote, cases: list, traced, source: str) -> list[dict]:
    """The grid's coverage where the smallest case was covered (one tile each way covers it whatever
    the grid), on the failing case whose output is widest along its narrowest axis (a pid_n read from
    axis 0 writes every tile of a one-tile-wide case), then on the two most elongated, one each way (a
    grid sized by M alone covers a tall case, not a wide one)."""
    def width(f):
        shape = np.shape(f.ref)
        return min(shape[-2:]) if len(shape) >= 2 else 0, -int(np.prod(shape))

    def elongation(f, axis):
        shape = np.shape(f.ref)
        return shape[axis] / max(1, shape[-1 - axis]) if len(shape) >= 2 else 0.0
    others = [f for f in cases if f is not traced and np.shape(f.got) == np.shape(f.ref)]
    if not others:
        return []
    def leading(f):  # the (batch, head) pairs before the two last axes (a grid over the heads alone), batch first
        shape = np.shape(f.ref)
        return int(np.prod(shape[:-2])), shape[0] if len(shape) > 2 else 0

    picked = [max(others, key=width), max(others, key=lambda f: elongation(f, -1)),
              max(others, key=lambda f: elongation(f, -2)), max(others, key=leading)]
    for n, f in enumerate(picked):
        if any(f is g for g in picked[:n]):  # each once
            continue
        if n == 3:
            if leading(f) <= leading(traced):
                continue
        elif f is picked[0] and width(f)[0] <= width(traced)[0] or f is not picked[0] and max(
                elongation(f, -1), elongation(f, -2)) <= 1:
            continue
        try:
            trace = _ask(remote, f.index, f.case, source, [])
        except Exception:  # noqa: BLE001 - a trace that cannot be made says nothing
            return []
        cov = coverage(trace, np.shape(f.ref)) if trace is not None and trace.launches else None
        if cov is not None:
            got, ref = np.asarray(f.got, np.float64), np.asarray(f.ref, np.float64)
            return [{**coverage_entry(trace, cov, got, ref, f.case.name), "_case": f.case.name}]
    return []


def _written_wrong(remote, f, source: str, every_load: bool) -> tuple | None:
    """Case `f` traced, where elements its grid writes are wrong: (f, trace, got, ref, wrong)."""
    got, ref = np.asarray(f.got, np.float64), np.asarray(f.ref, np.float64)
    if got.shape != ref.shape:
        return None
    try:
        trace = _ask(remote, f.index, f.case, source, [], every_load=every_load)
    except Exception:  # noqa: BLE001 - a trace that cannot be made says nothing
        return None
    if trace is None or not trace.launches:
        return None
    wrong = ~np.isclose(got, ref, rtol=RTOL, atol=ATOL * max(1.0, _mag(ref)), equal_nan=True)
    cov = coverage(trace, ref.shape)
    written = cov["written"] if cov is not None else np.ones_like(wrong)
    return (f, trace, got, ref, wrong) if (wrong & written).any() else None


def _program_cause(grader, trace: KernelTrace, program, traced: dict) -> dict | list | None:
    from studyxf.grading.judge import steps as st

    case = traced.case
    inputs = [st.as_numpy(a) for a in case.args]
    kwargs = dict(case.kwargs)
    geometry = _geometry(trace, program)
    if geometry is None:
        return None
    launch = trace.launches[geometry["launch"]]
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
    if departure is not None:  # the steps as they come out with a load's other= lanes: before any factor
        fill = _masked_fill(grader, trace, program, departure, geometry, who, tile, (inputs, kwargs)) or \
            _lanes_let_through(grader, trace, program, departure, geometry, who, tile, (inputs, kwargs))
        if fill is not None:
            return fill
    if off is None and departure is not None:
        e, step = departure["event"], departure["step"]
        where = tile["where"](departure["iter"]) if tile.get("where") else ""
        line, said = _constant_line(trace, departure["how"], e["line"])
        words = _how_words(departure["how"], step, trace.code(e["line"]))
        # 1/sqrt(d) once more is 1/d: where the kernel scales once, by a number the wrapper made as 1/d, that
        # line is the cause, not a second scaling (the values cannot tell the two apart; the code can)
        made = reciprocal_made("\n".join(trace.lines), e["line"]) if departure["how"].endswith(":1/sqrt(d)") \
            and not departure.get("also") else None
        if made:
            words = words.split(" on every lane")[0] + (f" on every lane: the scale it multiplies by is made at line "
                                                         f"{made}: `{trace.code(made)}`, 1/d where 1/sqrt(d) belongs")
            line, said = made, ""
        text = (f"{who} ({tile['program']}){where}, line {e['line']}: `{trace.code(e['line'])}`: the step "
                f"'{step['name']}' ({step['says']}): {words}")
        if line != e["line"] and said:
            text += f"; {said} at line {line}: `{trace.code(line)}`"
        if departure.get("also"):
            also = departure["also"]
            text += f"; line {also}: `{trace.code(also)}` scaled the loaded tile by it already: keep one of the two"
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
        said = "the loop"
        if short.get("masked") and short.get("load_line"):  # the steps' lanes reach them: the load's mask is off there
            line, said = short["load_line"], "the steps' lanes reach them, and the mask of the load"
        if re.search(r"\b(column|row|key)s? 0\b", short["words"]):  # the first never read: offsets start late
            late = [n for n in range(1, len(trace.lines) + 1) if re.search(r"\barange\(\s*[1-9]", trace.code(n))]
            line, said = (late[0], "its offsets start past 0") if len(late) == 1 else (line, said)
        unread = {"mistake": "located", "verified": True, "line": line, "code": trace.code(line), "step": "loads",
                  "how": short["words"], "program": list(shown), "comparator": short.get("id", "kernel-unread"),
                  "message": f"{who} ({tile['program']}): {short['words']}"
                             + (f"; {said} at line {line}: `{trace.code(line)}`" if line else "")
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
            hit = _step_with_fill(grader, args, geometry, fill, off["iter"], v)
        except Exception:  # noqa: BLE001 - a drill whose steps take no fill
            return None
        if hit is None:
            continue
        # a tl.where after the load that writes the same number into those lanes decides them: the load's
        # other= is overwritten there (`x = tl.where(inside, x, 0.0)` a line below `other=0.0`)
        line, how = g["line"], "(other=)"
        for x in trace.events:
            if x["program"] == program and g["line"] < x["line"] <= e["line"] and "where(" in trace.code(x["line"]) \
                    and x["value"].shape == g["index"].shape and np.all(x["value"][g["index"] < 0] == fill):
                line, how = max(line, x["line"]), "(tl.where)"
        return {"mistake": "located", "verified": True, "line": line, "code": trace.code(line),
                "step": hit["name"], "how": f"masked-fill:{fill}", "comparator": "kernel-masked-fill",
                "message": f"{who} ({tile['program']}): line {line}: `{trace.code(line)}` fills the lanes "
                           f"its mask turns off with {fill:g} {how}, and they take part: line {e['line']}: "
                           f"`{trace.code(e['line'])}` gives the step '{hit['name']}' as it comes out with them "
                           f"(verified on every lane). The lanes past the row must not change the result: fill them "
                           f"with what the reduction ignores (-inf for a max, 0 for a sum)"}
    return None


def _step_with_fill(grader, args: tuple, geometry: dict, fill, it: int, v: np.ndarray) -> dict | None:
    """The step of iteration `it` that `v` equals on every lane once the lanes the load masks turn off
    hold `fill` (a number, or one per lane) and take part (the drill's TILE_STEPS, geometry["fill"])."""
    filled = grader.TILE_STEPS(*args, {**geometry, "fill": fill})
    steps = (filled or {}).get("steps") or []
    here = steps[min(it, len(steps) - 1)] if steps else []
    return next((s for s in here if s["value"].shape == v.shape and _close(v, s["value"], s["valid"])), None)


def _lanes_let_through(grader, trace: KernelTrace, program, off: dict, geometry: dict, who: str, tile: dict,
                       args: tuple) -> dict | None:
    """A value off the steps that the steps give when some of the lanes a load's mask turns off keep
    its `other=` and take part, while a later line sets the rest aside (-inf): that line's mask lets
    lanes through past the row (`cols <= n_cols`, one too many), and it is the cause. Verified as
    _masked_fill is, with the fill on those lanes alone (the drill's TILE_STEPS takes a fill per lane)."""
    e = off["event"]
    v = e["value"]
    events = [x for x in trace.events if x["program"] == program]
    until = next((n for n, x in enumerate(events) if x is e), len(events))
    for g in geometry["loads"]:
        masked = g["index"] < 0
        start = next((n for n, x in enumerate(events[:until]) if x["line"] == g["line"]
                      and x["value"].shape == masked.shape), None)
        if start is None or not masked.any():
            continue
        other = events[start]["value"][masked]
        if not np.all(other == other.flat[0]) or not np.isfinite(other.flat[0]):
            continue
        fill = float(other.flat[0])
        for x in events[start + 1:until + 1]:
            if x["value"].shape != masked.shape or x["line"] == g["line"]:
                continue
            held = x["value"][masked]
            aside = np.isneginf(held)
            if not aside.any() or aside.all() or not np.all(aside | (held == fill)):
                continue
            lanes = np.full(masked.shape, -np.inf)
            lanes[masked] = np.where(aside, -np.inf, fill)
            try:
                hit = _step_with_fill(grader, args, geometry, lanes, off["iter"], v)
            except Exception:  # noqa: BLE001 - a drill whose steps take no fill per lane
                return None
            if hit is None:
                break
            through = np.flatnonzero(masked & (lanes == fill))
            n = int(np.count_nonzero(~masked))
            said = ", ".join(str(int(t)) for t in through[:4]) + (", ..." if through.size > 4 else "")
            fix = ": write `<` for `<=`" if "<=" in trace.code(x["line"]) else ""
            bound = (f"The mask is off by one: the row's lanes are those below its length{fix}"
                     if through.size == 1 and through[0] == n else "Its mask must keep exactly the row's lanes")
            return {"mistake": "located", "verified": True, "line": x["line"], "code": trace.code(x["line"]),
                    "step": hit["name"], "how": "lanes-let-through", "comparator": "kernel-mask-lets-lanes-through",
                    "message": f"{who} ({tile['program']}): line {x['line']}: `{trace.code(x['line'])}` sets the lanes "
                               f"past the row aside (-inf) but lets lane{'s' if through.size > 1 else ''} {said} "
                               f"through (the row has {n} lane{'s' if n != 1 else ''}, 0..{n - 1}), holding "
                               f"{fill:g}, the other= of line {g['line']}, and taking part: line {e['line']}: "
                               f"`{trace.code(e['line'])}` gives the step '{hit['name']}' as it comes out with "
                               f"them (verified on every lane). {bound}"}
    return None


def _constant_line(trace: KernelTrace, how: str, line: int) -> tuple[int, str]:
    """For an exponent scaled by c under exp2, the one line that writes the multiplier c·ln2 as a
    number (LOG2E = 1.44 above the kernel); for a value c times the step's, the one line that writes
    c (ln 2 folded into the wrapper's scale), else the one line outside the kernel that takes a root
    (`T ** -0.5` given as the scale); else `line`. With it, the words that say what is there: a
    multiplier of 1 is no constant (log2(e) left out), said where the scores' scale is made."""
    import ast

    if how.startswith("power:") and "exp2" in trace.code(line):
        want = float(how.split(":")[1]) / math.log(2)
    elif how.startswith("factor:"):  # a factor written as a number (ln 2 where log2(e) belongs), here or in the wrapper
        want = float(how.split(":")[1])
    else:
        return line, ""
    tree = trace.tree
    if tree is None:
        return line, ""
    written = "the constant is written"
    if math.isclose(want, 1.0, rel_tol=1e-5):  # nothing multiplied in: a 1.0 elsewhere (a guard's) is no such constant
        scaled = [n for n, text in enumerate(trace.lines, 1) if re.search(r"\*\s*\w*scale\w*\b", text)
                  and not text.lstrip().startswith("def ")]
        if len(scaled) != 1:
            return line, written
        # (a scale the wrapper makes and passes by the same name, `qk_scale = D ** -0.5`: where it is made)
        name = re.search(r"\*\s*(\w*scale\w*)\b", trace.lines[scaled[0] - 1]).group(1)
        made = [n for n, text in enumerate(trace.lines, 1) if re.match(rf"^\s*{name}\s*=", text)]
        # (or, where the kernel's line says its scale holds log2(e), `* scale  # scale holds log2(e)/sqrt(d)`, the
        # launch that passes it as a bare root, `D ** -0.5`: where the learner meant it folded in)
        if not made and re.search(r"log2|LOG2", trace.lines[scaled[0] - 1].partition("#")[2]):
            from studyxf.grading.judge.kernel_source import launched

            made = [n for n in launched("\n".join(trace.lines), scaled[0])
                    if re.search(r"\*\*\s*\(?\s*-\s*0?\.5|\bsqrt\(", trace.lines[n - 1].split("#")[0])]
        return (made[0] if len(made) == 1 else scaled[0]), "no constant is written: the scores are scaled"
    at = {n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) is float
          and math.isclose(n.value, want, rel_tol=1e-5)}
    if len(at) == 1:
        return at.pop(), written
    if how.startswith("factor:"):  # no such number: the scale made from a size (T ** -0.5 for D ** -0.5)
        kernel = {n for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and any(
            "jit" in ast.unparse(d) for d in f.decorator_list) for n in range(f.lineno, f.end_lineno + 1)}
        head = r"(\b(D|d|dh|d_head|head_dim|HEAD_DIM)|shape\[\s*(-1|3)\s*\]|size\(\s*(-1|3)\s*\))"
        roots = [n for n, text in enumerate(trace.lines, 1) if n not in kernel and
                 re.search(r"\*\*\s*\(?\s*-\s*0?\.5|\bsqrt\(", text.split("#")[0]) and  # not of the head's width
                 not re.search(head + r"\)?\s*\*\*|\bsqrt\(\s*(float\()?" + head, text)]
        if len(roots) == 1:
            return roots[0], "the scale is made"
    return line, written


