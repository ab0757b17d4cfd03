"""A condition that takes a valid 0 for "not found" (`if j:` where j is an index, 0 included), read
off the walk of the smallest failing input (shrink.py) and verified as a teacher would check it:
the learner's file run again in the sandbox with that one condition written `j is not None` passes
every case that failed on its answer and every case that passed. Generic over the algorithmic
(validated) drills; no catalogue entry. Runs in the judge."""

from __future__ import annotations

import ast


def candidates(source: str, steps: list[dict]) -> list[dict]:
    """Each condition of the walk (if, elif, while, a ternary's, or the first operand of an `and`)
    that tests a bare name whose value there was the int 0: {"line", "name", "code", "source"}
    with `source` the file with that name tested `is not None`."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    lines = source.splitlines(keepends=True)
    tests = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            test = node.test
            operands = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
            for name in operands:
                if isinstance(name, ast.Name) and name.lineno == name.end_lineno:
                    tests.setdefault(name.lineno, []).append(name)
    out, seen = [], set()
    for step in steps:
        for name in tests.get(step["line"], []):
            if step.get("now", {}).get(name.id) != "0" or (name.lineno, name.col_offset) in seen:
                continue
            seen.add((name.lineno, name.col_offset))
            row = lines[name.lineno - 1]
            # col offsets are in UTF-8 bytes
            raw = row.encode()
            edited = (raw[:name.col_offset] + f"({name.id} is not None)".encode() + raw[name.end_col_offset:]).decode()
            out.append({"line": name.lineno, "name": name.id, "code": row.strip(),
                        "source": "".join(lines[:name.lineno - 1] + [edited] + lines[name.lineno:])})
    return out


def verified(candidate: dict, cases: list, failing_names: set, remote) -> bool:
    """Whether the file with the candidate's edit passes every validated case: those that failed on
    their answer, and those that passed (an edit that breaks another case is not the cause)."""
    from studyxf.grading import wire
    from studyxf.grading.judge.runcases import _plain

    fixed = 0
    for case in cases:
        if case.validate is None:
            return False
        ask = remote.call_request(case.args, case.kwargs, "patched", source=candidate["source"],
                                  seconds=case.time_limit)
        answer = remote.ask(ask, remote.limit(case))
        if "ok" not in answer or case.validate(_plain(wire.decode(answer["ok"]))) is not None:
            return False
        fixed += case.name in failing_names
    return fixed > 0


def entry(candidate: dict, walk: dict, others: bool) -> dict:
    """The verified cause, as localisation's causes are said (mistake null, verified, the line);
    `others`: cases that raised or ran out of time, which the change was not asked to mend."""
    n = candidate["name"]
    every = "every case that gave a wrong answer, and those that passed still pass" if others else "every case"
    return {"mistake": "located", "verified": True, "line": candidate["line"], "code": candidate["code"],
            "step": None, "how": f"`{n}` tested for truth where {n} = 0 is a valid value",
            "message": f"line {candidate['line']}: `{candidate['code']}` reads {n} = 0 as \"nothing found\" (0 is "
                       f"falsy), but 0 is a valid value of {n} here: on {walk['inputs']}, {n} is 0 there and the "
                       f"condition is False. Test `{n} is not None` (measured: with that one change your code "
                       f"passes {every})",
            "walk": walk}
