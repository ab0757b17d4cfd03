"""The results JSON of a grading (the `--json` contract; docs/grading.md), built here and nowhere else: from
the judge's report (to_json, in the worker and in grade_in_process), or, when the judge's process
died, from the tests it had streamed (died, in the parent). The drill's hints joined to the causes
they answer, each diagnosis entry in the contract's fields, every text escaped."""

from __future__ import annotations

FIELDS = ("version", "status", "message", "tests", "drill", "framework", "diagnosis", "output", "isolation",
          "device_note", "bench", "gpu_notes")


def to_json(report: dict, drill: str, hints: dict, isolated: str | None = None) -> dict:
    """The report as `studyxf drill --json` prints it: `hints` the drill's mistakes (id -> hint),
    `isolated` the sandbox's account of itself when one ran."""
    report = dict(report)
    report.setdefault("version", 2)
    report.setdefault("message", None)
    report.setdefault("tests", [])
    report.setdefault("diagnosis", [])
    report.setdefault("framework", None)
    report["drill"] = drill
    if isolated and any(word in isolated for word in NOT_HELD):  # the text report's header says it once
        report["isolation"] = isolated
    for d in report["diagnosis"]:
        hint = hints.get(d["mistake"]) or GENERIC.get(d["mistake"], "")
        d["message"] = " ".join(part for part in (hint, d.get("message") or "") if part)
        _contract(d)
    return _escaped({k: report[k] for k in FIELDS if k in report})


def of_request(report: dict, req, source: str | None, isolated: str | None = None) -> dict:
    """to_json for a grading request (the worker's and grade_in_process's one way out): with the
    drill's hints, and a Triton drill's notes on what the interpreter forgave read from `source`."""
    notes = gpu_notes(report, source, req.forbidden, req.device) if source else []
    return to_json({**report, "gpu_notes": notes} if notes else report, req.drill, req.hints, isolated)


def died(drill: str, tests: list[dict], framework: str | None, why: str) -> dict:
    """A judge's process that ended without its report: the tests it streamed stand, the one that
    was running is an error; an error alone when it never got past importing the file."""
    if framework is None:
        return error(drill, why)
    tests = [*tests, {"name": "the next case", "status": "error", "message": why, "output": None}]
    return to_json({"status": "fail", "tests": tests, "framework": framework}, drill, {})


def error(drill: str, message: str) -> dict:
    return _escaped({"version": 2, "status": "error", "message": message, "tests": [], "drill": drill,
                     "framework": None, "diagnosis": []})


def gpu_notes(report: dict, source: str, forbidden: list[dict], device: str) -> list[str]:
    """A Triton drill graded off the GPU: what the interpreter forgave and a GPU would not
    (gpu_notes.py), advice beside the verdict; nothing when the cases ran on a GPU."""
    from studyxf.grading.judge.kernel_rule import RULE

    on_gpu = device == "cuda" or any(t.get("device") == "cuda" for t in report.get("tests", []))
    if on_gpu or report["status"] == "error" or RULE not in {f["name"] for f in forbidden}:
        return []
    from studyxf.grading.judge import gpu_notes as notes

    return notes.notes(source)


def _escaped(value):
    """Every text of the report with its control characters escaped: an exception's message, a
    traced line of code, a name, anything the learner's code could have put there, in the text
    report and the JSON alike (only newline and tab kept)."""
    from studyxf.escape import escaped

    if isinstance(value, str):
        return escaped(value, lines=True)
    if isinstance(value, list):
        return [_escaped(v) for v in value]
    if isinstance(value, dict):
        return {k: _escaped(v) for k, v in value.items()}
    return value


NOT_HELD = ("not ", "still seen", "writable")  # how the sandbox's account of itself names a measure that failed


# mistakes that any drill can show, told the same way everywhere (a drill's own hint wins)
GENERIC = {
    "random-output": "The same input gives different outputs: dropout left on (F.dropout's training defaults to "
                     "True, even in eval mode) or something random inside. Remove it, or pass training=self.training.",
    "dtype-promoted": "Return the input's dtype: a float32 input must give a float32 output.",
    "input-modified": "Do not modify what you are given.",
    "return-type": "Return the type the task states: in Python 3 `/` always gives a float; `//` or int(...) "
                   "keeps a count an int.",
    "default-changed": "Keep the defaults the task states in your def: a call that leaves the argument out gets yours.",
    "measured": "",
    "localised": "",
    "raised": "",
    "located": "",
    "layout": "",
    "shape": "",
    "dtype-lowered": "Return the input's dtype, computed in it: a float64 input gives a float64 output.",
    "dtype-integer": "Return floating-point numbers: an integer array truncates every value written into it.",
    "too-slow": "Correct but too slow: the measured time grows faster than the task allows.",
    "too-much-memory": "Too much memory: the measured peak grows with the full score matrix (T x T).",
}


def _contract(entry: dict) -> None:
    """The contract's diagnosis entry (docs/grading.md, the report): `mistake` a catalogued id, or null for a cause found by
    localisation or a measured fact (its sort kept in `kind`); `verified`; the localisation's
    `line`, `code`, `step` and `how` (null when not found)."""
    kind = entry["mistake"] if entry["mistake"] in UNNAMED else None
    if kind:
        entry["mistake"] = None
        if not entry.get("verified") and not entry["message"].startswith("measured:"):
            entry["message"] = "measured: " + entry["message"]
    entry["kind"] = kind or "named"
    entry.setdefault("verified", kind is None)
    for key in ("line", "code", "step", "how"):
        entry.setdefault(key, None)


UNNAMED = ("measured", "localised", "raised", "located", "layout", "shape")
