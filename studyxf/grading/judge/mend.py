"""One-edit mending of an algorithmic drill's file, read off the walk of its smallest failing input
(shrink.py) and verified as a teacher checks a suspicion: the learner's file, run again in the
sandbox (op "patched") with that one edit, passes every case that failed on its answer and every
case that passed. The edits are the slips such loops have: a condition that reads a valid 0 as "not
found" (`if j:` on an index), a comparison one too strict or too loose (>= for >), a lookup or a
difference one off (last[ch] for last[ch] + 1). Generic over the validated drills; no catalogue
entry. Runs in the judge."""

from __future__ import annotations

import ast

MAX_EDITS = 24  # candidate edits tried on the smallest failing input (each one call of the learner's code)
SWAPPED = {ast.GtE: ">", ast.Gt: ">=", ast.LtE: "<", ast.Lt: "<="}


def candidates(source: str, steps: list[dict]) -> list[dict]:
    """The edits worth trying, the walk's evidence first: {"line", "code", "was", "now", "why",
    "source"} with `source` the whole file edited."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)
    run = {s["line"] for s in steps}
    now = {}  # each line's values when it ran (the first time a name held 0 there)
    for s in steps:
        for k, v in s.get("now", {}).items():
            if v == "0":
                now.setdefault(s["line"], set()).add(k)
    falsy, strict, off = [], [], []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.IfExp)) and getattr(node.test, "lineno", None) in run:
            test = node.test
            operands = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
            for name in operands:
                if isinstance(name, ast.Name) and name.id in now.get(name.lineno, ()):
                    falsy.append((name, f"{name.id} is not None",
                                  f"reads {name.id} = 0 as \"nothing found\" (0 is falsy), but 0 is a valid value "
                                  f"of {name.id} here"))
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in SWAPPED \
                and node.lineno in run:
            strict.append((node, None, "the comparison is one too strict or too loose"))
        if isinstance(node, (ast.Subscript, ast.BinOp)) and node.lineno in run and node.lineno == node.end_lineno \
                and isinstance(getattr(node, "ctx", ast.Load()), ast.Load) \
                and (isinstance(node, ast.Subscript) or isinstance(node.op, ast.Sub)):
            off += [(node, "+1", "is one off"), (node, "-1", "is one off")]
    out = []
    for node, new, why in falsy + strict + off:
        edit = _edit(lines, node, new)
        if edit is not None and edit["source"] not in {o["source"] for o in out}:
            out.append({**edit, "why": why})
    return out[:MAX_EDITS]


def _edit(lines: list[str], node, new: str | None) -> dict | None:
    """The file with `node` replaced: by `new`, by the comparison swapped (new None), or by itself
    plus or minus one (new "+1" or "-1")."""
    if node.lineno != node.end_lineno:
        return None
    raw = lines[node.lineno - 1].encode()  # col offsets are in UTF-8 bytes
    was = raw[node.col_offset:node.end_col_offset].decode()
    if new is None and isinstance(node, ast.Compare):
        op = next(s for s, t in [(">=", ">"), ("<=", "<"), (">", ">="), ("<", "<=")]
                  if type(node.ops[0]) is {">=": ast.GtE, "<=": ast.LtE, ">": ast.Gt, "<": ast.Lt}[s])
        left = raw[node.col_offset:node.left.end_col_offset].decode()
        right = raw[node.comparators[0].col_offset:node.end_col_offset].decode()
        new = f"{left} {SWAPPED[type(node.ops[0])]} {right}"
    elif new in ("+1", "-1"):
        new = f"{was} {new[0]} 1" if isinstance(node, ast.BinOp) or "(" not in was and "[" in was else \
            f"({was}) {new[0]} 1"
    row = (raw[:node.col_offset] + new.encode() + raw[node.end_col_offset:]).decode()
    return {"line": node.lineno, "code": lines[node.lineno - 1].strip(), "was": was, "now": new,
            "source": "".join(lines[:node.lineno - 1] + [row] + lines[node.lineno:])}


def fixes(candidate: dict, case, remote, shrunk: bool = False) -> bool:
    """Whether the edited file passes this validated case (`shrunk`: one made smaller, whose own
    validate holds the original's inputs)."""
    from studyxf.grading import wire
    from studyxf.grading.judge import shrink
    from studyxf.grading.judge.runcases import _plain

    if case.validate is None:
        return False
    try:
        made = shrink.answered(case) if shrunk else (case.validate, None)
    except Exception:  # noqa: BLE001 - a simulation that does not take these inputs
        return False
    if made is None:
        return False
    ask = remote.call_request(case.args, case.kwargs, "patched", source=candidate["source"], seconds=case.time_limit)
    answer = remote.ask(ask, remote.limit(case))
    return "ok" in answer and made[0](_plain(wire.decode(answer["ok"]))) is None


def entry(candidate: dict, walk: dict, others: bool) -> dict:
    """The verified cause, as localisation's causes are said (mistake null, verified, the line);
    `others`: cases that raised or ran out of time, which the edit was not asked to mend."""
    every = "every case that gave a wrong answer, and those that passed still pass" if others else "every case"
    was, now = candidate["was"], candidate["now"]
    return {"mistake": "located", "verified": True, "line": candidate["line"], "code": candidate["code"],
            "step": None, "how": f"{candidate['why']}: `{was}` where `{now}` belongs",
            "message": f"line {candidate['line']}: `{candidate['code']}` {candidate['why']}: write `{now}` for "
                       f"`{was}` (measured: with that one change your code passes {every}; on "
                       f"{walk['inputs']} the answer is {walk['expected']}, yours is {walk['got']})",
            "walk": walk}
