"""A drill report as rich renderables, the cause first: the verdict and the count of tests passed,
the diagnosis (what is wrong and the fix), then the failing tests with identical failures collapsed
into one line, what the program printed, and one next step. The terminal's `studyxf drill` and the
drill screen share it."""

from __future__ import annotations

import re

from rich.text import Text

_STYLE = {"pass": "green", "fail": "red", "error": "red"}
_INPUTS = re.compile(r" \(inputs (?:[^()]|\([^()]*\))*\)")  # "(inputs q(2, 5, 8) k(2, 5, 8))"


def _key(test: dict) -> str:
    """What two failures have in common once their inputs are left out."""
    return f"{test['status']}|{_INPUTS.sub('', test.get('message') or '')}"


def _without(message: str, said: list[str]) -> str:
    """A test's message less what the diagnosis above already explains (the float32/float64 advice
    was otherwise repeated under every failing test)."""
    first, *rest = message.split("; ")
    return "; ".join([first] + [part for part in rest if not any(part in text for text in said)])


def renderables(report: dict, next_step: str | None = None) -> list:
    """The report's lines; `next_step` replaces the command line's next step (the drill screen says
    its keys instead)."""
    tests = report["tests"]
    passed = sum(t["status"] == "pass" for t in tests)
    head = Text(f"{report['drill']}: ")
    head.append(report["status"].upper(), style="bold " + _STYLE[report["status"]])
    if tests:
        head.append(f"  {passed} of {len(tests)} tests passed", style="bold")
    if report.get("framework"):
        head.append(f"  ({report['framework']})", style="dim")
    out = [head]
    if report.get("isolation"):
        said = report["isolation"]
        if said.startswith("not isolated") and "writes confined" in said and "reads only" in said:
            pass  # what Landlock and seccomp hold is said; nothing of the user's is in reach
        elif said.startswith("not isolated") and "writes confined" in said and "unreadable" in said:
            said += ": your code could read the rest of what your user can"
        elif said.startswith("not isolated") and "writes confined" in said:
            said += ": your code could read what your user can, your data directory included"
        elif said.startswith("not isolated"):
            said += ": your code ran with your user's access to this machine, your data directory included"
        out.append(Text(f"  sandbox {said}", style="dim"))
    if report.get("device_note"):  # --device auto fell back to the CPU
        out.append(Text(f"  {report['device_note']}"))
    if report.get("message"):
        out.append(Text(f"  {report['message']}"))
    for dg in report["diagnosis"]:
        line = Text("  diagnosis: ", style="bold yellow")
        if dg["mistake"] and dg["mistake"] not in ("measured", "localised", "raised", "located", "layout", "shape"):
            line.append(f"{dg['mistake']} - ", style="bold yellow")
        line.append(dg.get("message") or "")
        if dg.get("line") and dg["mistake"] not in (None, "located") and f"line {dg['line']}" not in line.plain:
            line.append(f" (your line {dg['line']}: {dg.get('code') or ''})", style="dim")
        out.append(line)
        small = dg.get("smallest")
        if small:  # the smallest input that still fails the same way: how a teacher shows the bug
            out.append(Text(f"    smallest failing input: {small['inputs']}", style="cyan"))
            out.append(Text(f"      expected {small['expected']}", style="dim"))
            out.append(Text(f"      yours    {small['got']}", style="dim"))

        walk = dg.get("walk")
        if walk:  # the learner's loop on that input, as a teacher steps through it on the board
            if not small:
                out.append(Text(f"    on {walk['inputs']}: expected {walk['expected']}, yours {walk['got']}",
                                style="cyan"))
            out.append(Text("    your code on it, line by line:", style="cyan"))
            out += [Text(f"      {step}", style="dim") for step in walk["steps"]]
    if report["status"] == "fail" and not report["diagnosis"]:
        out.append(Text("  diagnosis: no known mistake matches; the failing tests below say where the values "
                        "differ", style="yellow"))
    said = [dg["message"] for dg in report["diagnosis"] if dg.get("message")]
    failing = [{**t, "message": _without(t.get("message") or "", said)} for t in tests if t["status"] != "pass"]
    out += _failures(failing, len(tests))
    for note in report.get("gpu_notes") or []:  # advice: the CPU interpreter forgave it, a GPU may not
        out.append(Text(f"  on a GPU: {note}", style="yellow"))
    if report.get("output"):
        out.append(Text("  your program printed:"))
        out += [Text("    " + line, style="dim") for line in report["output"].splitlines()[:20]]
    nxt = next_step or ("studyxf drill next" if report["status"] == "pass" else f"studyxf drill {report['drill']} --hint")
    out.append(Text(f"  next: {nxt}", style="cyan"))
    return out


def _failures(failing: list[dict], total: int) -> list:
    out, groups = [], {}
    for t in failing:
        groups.setdefault(_key(t), []).append(t)
    for group in groups.values():
        first = group[0]
        line = Text("  ")
        line.append(f"[{first['status']:>5}]", style=_STYLE[first["status"]])
        if len(group) > 1:
            verb = "raised" if first["status"] == "error" else "failed:"
            message = _INPUTS.sub("", first.get("message") or "")
            line.append(f" {len(group)} of {total} tests {verb} {message}")
            out.append(line)
            out.append(Text("          " + "; ".join(t["name"] for t in group), style="dim"))
            continue
        line.append(f" {first['name']}")
        out.append(line)
        if first.get("message"):
            out.append(Text(f"          {first['message']}"))
        if first.get("test_code"):
            out.append(Text(f"          called: {first['test_code']}", style="cyan"))
            for label, value in (first.get("inputs") or {}).items():
                out.append(Text(f"            {label} = {value}", style="dim"))
    return out
