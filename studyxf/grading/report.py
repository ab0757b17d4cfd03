"""A drill report as rich renderables: the terminal's `studyxf drill` and the drill screen share it."""

from __future__ import annotations

from rich.text import Text

_STYLE = {"pass": "green", "fail": "red", "error": "red"}


def renderables(report: dict) -> list:
    out = []
    head = Text(f"{report['drill']}: ")
    head.append(report["status"].upper(), style="bold " + _STYLE[report["status"]])
    if report.get("framework"):
        head.append(f" ({report['framework']})", style="dim")
    out.append(head)
    if report.get("message"):
        out.append(Text(f"  {report['message']}"))
    for t in report["tests"]:
        line = Text("  ")
        line.append(f"[{t['status']:>5}]", style=_STYLE[t["status"]])
        line.append(f" {t['name']}")
        out.append(line)
        if t.get("message"):
            out.append(Text(f"          {t['message']}", style="dim" if t["status"] == "pass" else ""))
        if t["status"] != "pass" and t.get("test_code"):
            out.append(Text(f"          called: {t['test_code']}", style="cyan"))
            for label, value in (t.get("inputs") or {}).items():
                out.append(Text(f"            {label} = {value}", style="dim"))
    for dg in report["diagnosis"]:
        line = Text(f"  diagnosis: {dg['mistake']}", style="bold yellow")
        line.append(f" - {dg['message']}", style="")
        out.append(line)
    if report["tests"]:
        passed = sum(t["status"] == "pass" for t in report["tests"])
        out.append(Text(f"  {passed} of {len(report['tests'])} tests passed", style="bold"))
    if report.get("output"):
        out.append(Text("  your program printed:"))
        out += [Text("    " + line, style="dim") for line in report["output"].splitlines()[:20]]
    return out
