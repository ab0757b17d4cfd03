"""A Triton kernel's trace as the judge reads it (kernel_trace.py recorded it in the sandbox): the
launches, each program's loads and stores as elements of the call's tensors, a watched program's
values line by line; and the words the kernel's findings share (spans, regions, loops)."""

from __future__ import annotations

import functools

import numpy as np

from studyxf.grading import wire

RTOL, ATOL = 2e-4, 2e-5


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
                off = wire.decode(a["f"]) if "f" in a else None  # a store's lanes its mask switched off
                self.accesses.append({**{k: v for k, v in a.items() if k not in ("v", "o", "f")},
                                      "program": tuple(a["program"]), "index": value.values.astype(np.int64),
                                      "offset": offset.values.astype(np.int64),
                                      "off": off.values.astype(np.int64) if isinstance(off, wire.Array) else None})
        self.lines = source.splitlines()

    def code(self, line) -> str:
        return self.lines[line - 1].strip() if line and 0 < line <= len(self.lines) else ""

    def role(self, launch: int, param: str) -> str | None:
        return ((self.launches[launch].get("tensors") or {}).get(param) or {}).get("role")

    @functools.cached_property
    def tree(self):
        """The learner's file as a syntax tree, parsed once for every finding that reads it; None
        where it does not parse."""
        import ast

        try:
            return ast.parse("\n".join(self.lines))
        except SyntaxError:
            return None

    def stored(self, launch: int, param: str) -> bool:
        """The call's output: a tensor it returned, also where it was given as an input (out = x)."""
        tensor = (self.launches[launch].get("tensors") or {}).get(param) or {}
        return tensor.get("role") == "output" or bool(tensor.get("returned"))

    def of(self, op: str, role: str, program=None) -> list[dict]:
        return [a for a in self.accesses if a["op"] == op
                and (self.stored(a["launch"], a["param"]) if role == "output" else
                     self.role(a["launch"], a["param"]) == role)
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


def _mag(b: np.ndarray) -> float:
    fin = b[np.isfinite(b)]
    return float(np.abs(fin).max()) if fin.size else 1.0


def _loop_of(trace: KernelTrace, line: int | None, kernel: str | None = None) -> int | None:
    """The line of the innermost `for` that holds line `line` in the learner's file; without a line,
    the first loop of the kernel `kernel`."""
    import ast

    tree = trace.tree
    if tree is None:
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
    if best is None:  # a load in a helper (@triton.jit def _load_tile): the loop around the helper's one call site
        helper = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                       and n.lineno < line <= (n.end_lineno or 0)), None)
        sites = [c.lineno for c in ast.walk(tree) if helper is not None and isinstance(c, ast.Call)
                 and isinstance(c.func, ast.Name) and c.func.id == helper.name]
        loops = {_loop_of(trace, site) for site in sites} - {None}
        best = loops.pop() if len(loops) == 1 else None
    return best

