"""The smallest input that fails (issue 44, item 6): a failing case shrunk while it still fails the
same way (fewer rows, T = 2, d = 1, a shorter string), as a teacher shows a bug. Generic: no
catalogue entry; the reference is recomputed on each smaller input. Bounded in calls of the
learner's code (STEPS), never in seconds, so the same file gets the same answer on a loaded machine."""

from __future__ import annotations

import dataclasses

import numpy as np
import torch

STEPS = 24  # the learner's function called at most this many times for one shrinking
SHOWN = 240  # characters of one value shown
# causes that are not about the values (said by their own measure): no smallest input shown with them
NOT_OF_VALUES = ("too-slow", "too-much-memory", "layout", "input-modified", "return-type", "random-output",
                 "default-changed")


def smallest(failing: list, remote, source: str | None = None) -> dict | None:
    """{"inputs", "expected", "got"} as text for the smallest input found that fails like the
    smallest failing case, "shrunk" (whether it is smaller than that case), the "case" itself, and for a validated
    (algorithmic) case the "walk": the learner's file (`source`) stepped through on it; None where
    no failing case could be made smaller (a validated one: where it did not fail again)."""
    start = _start(failing)
    if start is None or remote.gone:
        return None
    case, kind = start
    steps = [0]

    def fails(candidate) -> tuple[str, object, object] | None:
        """(kind of failure, expected, got) when the learner's code fails on it as the case did."""
        if steps[0] >= STEPS or remote.gone:
            return None
        steps[0] += 1
        return _judged(candidate, remote)

    best, shown = _search(case, kind, fails)
    shrunk = shown is not None
    if not shrunk and case.validate is not None:  # already the smallest: not claimed as shrunk, walked
        again = fails(case)
        shown = again if again is not None and again[0] == kind else None
    if shown is None:
        return None
    expected, got = _apart(shown[1], shown[2]) or (_text(shown[1]), _text(shown[2]))
    out = {"inputs": _inputs(best), "expected": expected, "got": got, "shrunk": shrunk, "case": best}
    walk = _walk(best, remote, source) if best.validate is not None else None
    if walk:
        out["walk"], out["steps"] = walk
    return out


def _search(case, kind: str, fails):
    """Greedy: each reduction kept while the case still fails the same way. Arrays: every axis of
    one length cut together (q, k, v and a (T, T) mask stay consistent) to 1, else 2, else half;
    a string: chunks removed, halves first, then single characters."""
    best, shown = case, None

    def accept(candidate) -> bool:
        nonlocal best, shown
        if _size(candidate) >= _size(best):
            return False  # no smaller (the axes of that length were already cut)
        found = fails(candidate)
        if found is not None and found[0] == kind:
            best, shown = candidate, found
            return True
        return False

    if case.validate is not None:  # the first input (a string or a list) shortened, the others kept
        width = max(len(case.args[0]) // 2, 1)
        while width >= 1:
            s, rest = best.args[0], best.args[1:]
            cut = next((i for i in range(0, len(s) - width + 1)
                        if accept(dataclasses.replace(best, args=[s[:i] + s[i + width:], *rest]))), None)
            if cut is None:
                width //= 2
        return best, shown
    values = [*case.args, *case.kwargs.values()]
    for n in sorted({n for v in values if isinstance(v, torch.Tensor) for n in v.shape if n > 1}, reverse=True):
        for m in sorted({1, 2, n // 2} - {n}):
            if accept(_cut(best, n, m)):
                break
    return best, shown


def _start(failing: list):
    """The smallest failing case that can be shrunk, and how it fails."""
    found = []
    for f in failing:
        case = f.case
        if case is None or not dataclasses.is_dataclass(case) or case.driver is not None or case.device is not None:
            continue
        if case.validate is not None:
            shrinkable = case.shrunk is not None and isinstance(case.args[0], (list, str)) or \
                case.variant is not None and all(isinstance(a, str) for a in case.args)
            wrong = f.answer.failed if f.answer is not None else f.resource is None and f.raised is None
            if wrong and shrinkable:
                found.append((case, "answer"))
        elif f.values is not None and case.convert is None and case.out_dtype is None and case.checks == [] \
                and case.tensor_args():
            found.append((case, f.failure))
    return min(found, key=lambda ck: _size(ck[0]), default=None)


def _size(case) -> int:
    return sum(a.numel() if isinstance(a, torch.Tensor) else len(a) if isinstance(a, (str, list)) else 0
               for a in [*case.args, *case.kwargs.values()])


def _cut(case, n: int, m: int):
    """The case with every tensor axis of length n cut to its first m entries."""
    def cut(v):
        if not isinstance(v, torch.Tensor):
            return v
        for axis, length in enumerate(v.shape):
            if length == n:
                v = v.narrow(axis, 0, m)
        return v.contiguous()
    return dataclasses.replace(case, args=[cut(a) for a in case.args],
                               kwargs={k: cut(v) for k, v in case.kwargs.items()}, _ref=None)


def _judged(case, remote) -> tuple[str, object, object] | None:
    from studyxf.grading import wire
    from studyxf.grading.judge import judging
    from studyxf.grading.judge.runcases import _check_output

    try:
        if case.validate is not None:
            made = answered(case)
            if made is None:
                return None  # no instance of the problem
            validate, expected = made
        else:
            expected = case.ref()
    except Exception:  # noqa: BLE001 - an input the reference does not take (d not divisible by the heads)
        return None
    answer = remote.ask(remote.call_request(case.args, case.kwargs, seconds=case.time_limit), remote.limit(case))
    if "ok" not in answer:
        return None  # a crash is another failure than the case's
    out = wire.decode(answer["ok"])
    if case.validate is not None:
        from studyxf.grading.judge.runcases import _plain

        got = _plain(out)
        return ("answer", expected, got) if validate(got) is not None else None
    try:
        message, got, _, _ = _check_output(out, case, "")
    except Exception:  # noqa: BLE001 - a reference that cannot judge this input
        return None
    if not message or got is None:
        return None
    return judging.kind_of(message), expected, got


def answered(case) -> tuple | None:
    """A validated case's (validate, an expected answer) on its own inputs, which shrinking changed
    (its own validate holds the original's): the drill's Case.shrunk, or the answer its simulation
    gives without a slip; None where the inputs are no instance of the problem."""
    if case.shrunk is not None:
        return case.shrunk(*case.args)
    expected = case.variant(frozenset(), *case.args)
    return (lambda got: None if got == expected else f"expected {expected!r}"), expected


def _inputs(case) -> str:
    """The inputs as the learner's call names them, each with its values where they are few (a
    LeetCode case as its call: Solution().twoSum([3, 3], 6))."""
    import re

    head = re.match(r"((?:\w+\(\)\.)?\w+)\(", case.call or "")
    if case.validate is not None and head:
        return f"{head.group(1)}({', '.join(_text(a) for a in case.args)})"
    return "; ".join(f"{name} = {_text(value)}" for name, value in case.labelled().items() if value is not None)


def _apart(expected, got) -> tuple[str, str] | None:
    """Two arrays of one shape, too big to read whole, said where they first differ."""
    e, g = (_np(v) for v in (expected, got))
    if e is None or g is None or e.shape != g.shape or e.size <= 16 or e.dtype.kind not in "fc" \
            or g.dtype.kind not in "fc":
        return None
    off = ~np.isclose(g, e, rtol=1e-5, atol=1e-6, equal_nan=True)
    if not off.any():
        return None
    at = tuple(int(i) for i in np.argwhere(off)[0])
    where = f"shape {tuple(e.shape)}, first apart at {at}: "
    return where + f"{e[at]:.6g}", where + f"{g[at]:.6g}"


def _np(value):
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu()
        return (value.to(torch.float64) if value.is_floating_point() else value).numpy()
    return value if isinstance(value, np.ndarray) else None


def _text(value) -> str:
    arr = _np(value)  # a tensor as NumPy (float64), an array as it is
    value = value if arr is None else arr
    if isinstance(value, np.ndarray) and value.size > 16:  # its shape first, and a few of its numbers
        flat = " ".join(np.array2string(value.reshape(-1)[:4], precision=4, separator=", ").split())
        said = f"shape {tuple(value.shape)}, {flat[:-1]}, ...]"
    elif isinstance(value, np.ndarray):
        body = " ".join(np.array2string(value, precision=4, separator=", ", threshold=24, edgeitems=2).split())
        said = f"{body} (shape {tuple(value.shape)})"
    else:
        said = repr(value)
    return said if len(said) <= SHOWN else said[:SHOWN - 3] + "..."


def _walk(case, remote, source: str | None) -> tuple[list[str], list[dict]] | None:
    """The learner's code stepped through on the smallest input (sandbox/walk.py), as lines a teacher
    reads out: each executed line, its code, and the plain values it changed; and the walk's data."""
    if remote.gone:
        return None
    answer = remote.ask(remote.call_request(case.args, case.kwargs, "walk", seconds=case.time_limit),
                        remote.limit(case))
    walk = answer.get("walk") or {}
    steps = walk.get("steps") or []
    if not steps or source is None:
        return None
    code = source.splitlines()
    targets = _assigned(source)
    out = []
    bodies = _loop_bodies(source)
    for i, step in enumerate(steps):
        line = step["line"]
        text = code[line - 1].strip() if 0 < line <= len(code) else ""
        # an assignment that changed nothing, a loop variable that stayed the same
        kept = {k: step["now"][k] + ("" if loop else " (unchanged)") for k, loop in targets.get(line, ())
                if k not in step["set"] and k in step.get("now", {})}
        said = ", ".join(f"{k} = {v}" for k, v in {**step["set"], **kept}.items())
        if "returned" in step:
            said = (said + "; " if said else "") + f"returns {step['returned']}"
        if "raised" in step:
            said = (said + "; " if said else "") + f"raises {step['raised']}"
        after = steps[i + 1]["line"] if i + 1 < len(steps) else None
        if line in bodies and not (after is not None and bodies[line][0] <= after <= bodies[line][1]):
            said = "the loop ends" + (f"; returns {step['returned']}" if "returned" in step else "")
        out.append(f"line {line}: {text[:60]}" + (f"  -> {said}" if said else ""))
    if walk.get("cut"):
        out.append(f"(the first {len(steps)} lines run)")
    return out, steps


def _assigned(source: str) -> dict[int, list[tuple[str, bool]]]:
    """The plain names each line assigns (`start = ...`, `best += 1`, a for loop's), each with
    whether it is a loop's, where the file parses."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    out: dict[int, list[tuple[str, bool]]] = {}
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For)) else []
        for t in targets:
            for name in ast.walk(t):
                if isinstance(name, ast.Name) and isinstance(name.ctx, ast.Store):
                    out.setdefault(node.lineno, []).append((name.id, isinstance(node, ast.For)))
    return out


def _loop_bodies(source: str) -> dict[int, tuple[int, int]]:
    """Each for or while line's body, as (first line, last line)."""
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    return {node.lineno: (node.body[0].lineno, node.body[-1].end_lineno) for node in ast.walk(tree)
            if isinstance(node, (ast.For, ast.While))}
