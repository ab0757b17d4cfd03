"""A crash read from the trace of the call before the line that raised: where a value's shape went
wrong earlier (a broadcast that grew a step-shaped value into a shape no step has) or where a
length came from (a batched input's first axis read as one). exceptions.py reads the failing line
itself; here the lines before it."""

from __future__ import annotations

import re

from studyxf.grading.judge import crash_shapes, exceptions
from studyxf.grading.judge import steps as st


def length_from_first_axis(at: dict, source: str | None) -> dict | None:
    """Two operands that do not broadcast because one holds, where the other has a batched input's
    axis m, that input's first axis: the one line before it that reads `X.shape[0]` (or len(X)) is
    where the length came from (seq_len = x.shape[0], the batch, for x.shape[-2]: a file written
    for an unbatched x). {"line", "code", "how"} or None where no line, or more than one, fits."""
    if not source or not at.get("entry"):
        return None
    # operands that do not broadcast (a product's mismatch aligns its last two axes otherwise)
    used, frame = list(exceptions._used(at).items()), at["entry"]
    apart = {(x, y) for i, (_, a) in enumerate(used) for _, b in used[i + 1:]
             for _, x, y in crash_shapes._axes_apart(a, b)}
    found = {}
    for n, text in enumerate(source.splitlines()[:at["line"] - 1], 1):
        code = text.split("#")[0]
        # the first axis read as a length (Hq = q.shape[1] read right is no slip, whatever its size)
        reads = re.findall(r"\b([A-Za-z_]\w*)\.shape\[0\]", code) + \
            re.findall(r"\blen\(\s*([A-Za-z_]\w*)\s*\)", code)
        for name in reads:
            shape = tuple(frame.get(name) or ())
            if len(shape) < 3:  # of a batched input: a file written for one rank
                continue
            v = shape[0]
            for x, y in apart:
                other = y if v == x else x if v == y else None
                axes = [i for i in range(1, len(shape)) if other is not None and shape[i] == other]
                if other is not None and other != v and len(axes) == 1:
                    m = axes[0] - len(shape)
                    found[n] = {"line": n, "code": text.strip(), "how": (
                        f"{name}.shape[0] is {v} ({name} is {shape}), and that length meets {other} at line "
                        f"{at['line']}, {name}'s axis {m}: the length is read from axis 0 where {name}.shape[{m}] "
                        f"is meant")}
    return next(iter(found.values())) if len(found) == 1 else None


def step_shapes(grader, case) -> set:
    """The shapes of the reference's steps on a case (empty for a drill without steps)."""
    if not getattr(grader, "STEPS", None) or case is None or getattr(case, "driver", None):
        return set()
    return {tuple(v.shape) for v in st.run(grader.STEPS, st.inputs64(case)).values() if hasattr(v, "shape")}


def grown(trace, at: dict, shapes: set) -> dict | None:
    """The first line where a broadcast grew a value of a step's shape into a shape no step has (an
    axis of 1 became n, as a mask put on the wrong axis makes the scores (T, T) where (1, T)
    belongs), when a value of that grown shape is at the line that raised: the crash follows from
    it. {"line", "code", "how"} or None."""
    last, grew = {}, None
    for e in trace.events:
        shape, key = tuple(e["value"].shape), (e.get("call"), e["name"])
        before = last.get(key)
        last[key] = shape
        if grew is None and before is not None and len(before) == len(shape) >= 2 and before != shape \
                and all(a == b or a == 1 for a, b in zip(before, shape)) and e["line"] != at["line"]:
            grew = (e, before, shape)
    if grew is None:
        return None
    e, before, shape = grew
    if before not in shapes or shape in shapes:
        return None  # a value already wrong, made right-sized by a right broadcast (x for memory: (1, 1) -> (1, S))
    if list(shape) not in [list(v) for v in (at.get("shapes") or {}).values()]:
        return None  # the crash does not involve the grown shape
    axes = [i for i, (a, b) in enumerate(zip(before, shape)) if a != b]
    code = trace.code(e["line"])
    operand = next((f"{o['name']} {tuple(o['value'].shape)}" for o in trace.events
                    if o["name"] != e["name"] and o["value"].ndim == len(shape) and o["line"] <= e["line"]
                    and all(o["value"].shape[i] == shape[i] for i in axes)
                    and re.search(rf"\b{re.escape(o['name'])}\b", code)), None)
    where = ", ".join(f"axis {i} (1 -> {shape[i]})" for i in axes)
    sizes = " and ".join(str(shape[i]) for i in axes)
    how = (f"{e['name']} was {before} before this line and is {shape} after it: "
           + (operand if operand else "an operand") + f" broadcast it along {where}, so its {sizes} lies on an "
           "axis that was to stay 1 (put that length on the axis it counts); what raised later holds that shape")
    return {"line": e["line"], "code": code, "how": how}


def own_check(at: dict | None, source: str | None) -> dict | None:
    """A `raise` of the learner's own that fired on a case the task gives, under an `if` that reads
    only the call's arguments as received (a dtype the check leaves out, a size it holds too
    strictly): the check itself rejects a valid input, whatever else the file does. {"line", "code"}
    of the `if`, or None (a check on a value the file computed may be failing from a slip above it)."""
    import ast

    if not at or not source:
        return None
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = {a.arg for a in fn.args.args + fn.args.kwonlyargs + fn.args.posonlyargs}
        for node in ast.walk(fn):
            if not (isinstance(node, ast.If) and any(isinstance(s, ast.Raise) and s.lineno == at["line"]
                                                     for s in node.body)):
                continue
            bound = {t.id for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For))
                     and n.lineno < node.lineno
                     for t in ast.walk(getattr(n, "target", None) or ast.Tuple(elts=n.targets))
                     if isinstance(t, ast.Name)}
            local = {t.id for n in ast.walk(fn) for t in ast.walk(n) if isinstance(t, ast.Name)
                     and isinstance(t.ctx, ast.Store)}
            names = {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}
            # the arguments as received, and globals (torch, a constant); nothing the file computed
            if names & args and not names & bound and all(n in args or n not in local for n in names):
                return {"line": node.lineno, "code": source.splitlines()[node.lineno - 1].strip()}
    return None
