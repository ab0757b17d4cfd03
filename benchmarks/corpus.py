"""How well the grader names slips it was never told about: every file of a corpus written from the
task statements alone (tests/data/blind/ or another folder given, manifest.json: drill, file, correct,
cause, line) graded
in-process, and counted: correct files that pass, mistakes that fail, mistakes whose diagnosis
names a cause (a catalogued id, or a localised cause verified on every failing case), and those
whose named line is the manifest's. Run: PYTHONPATH=. python benchmarks/corpus.py [FOLDER] [-v] [--cli]
(--cli: each file graded by the command, `python -m studyxf drill DRILL FILE --json`, in the sandbox,
as a learner's is: a kernel that corrupts memory cannot take the count down with it; --save=DIR:
each report kept as DIR/<drill>/learner_NN.json)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import warnings
from pathlib import Path

from tests.drill_helpers import grade, sort

UNNAMED = {"measured", "localised", "raised"}


def named(entry: dict) -> bool:
    """A cause: a catalogued id, or a localised cause or a crash's reading that was verified (the
    outputs reproduced, or the shapes at the failing line agreeing)."""
    if sort(entry) in ("located", "raised", "layout", "shape"):
        return bool(entry.get("verified"))
    return sort(entry) not in UNNAMED


def by_command(tmp: Path, drill: str, path: Path) -> dict:
    """The report the command prints for this file, graded with a data directory of its own."""
    import subprocess

    env = {**os.environ, "STUDYXF_HOME": str(tmp / "home")}
    done = subprocess.run([sys.executable, "-m", "studyxf", "drill", drill, str(path), "--json"], env=env,
                          capture_output=True, text=True, timeout=600, cwd=Path(__file__).resolve().parent.parent)
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"status": "error", "diagnosis": [], "message": (done.stderr or done.stdout)[-300:]}


def main(folder: Path = Path("tests/data/blind"), verbose: bool = False, cli: bool = False,
         save: Path | None = None) -> dict:
    warnings.simplefilter("ignore")
    os.environ["TRITON_INTERPRET"] = "1"  # the Triton drills' kernels in the CPU's interpreter, as the judge sets it
    manifest = json.loads((folder / "manifest.json").read_text())
    counts = {"correct": 0, "correct_pass": 0, "mistakes": 0, "fail": 0, "named": 0, "line": 0, "with_line": 0,
              "doubles": 0, "double_named": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for item in manifest:
            source = (folder / item["file"]).read_text()
            try:
                report = by_command(Path(tmp), item["drill"], folder / item["file"]) if cli else \
                    grade(Path(tmp), item["drill"], source)
            except Exception as exc:  # noqa: BLE001 - a file that breaks the helper is counted as a failure
                report = {"status": "error", "diagnosis": [], "message": repr(exc)}
            if save is not None:
                (save / item["file"]).parent.mkdir(parents=True, exist_ok=True)
                (save / item["file"]).with_suffix(".json").write_text(json.dumps(report, indent=1, default=str))
            if item["correct"]:
                counts["correct"] += 1
                counts["correct_pass"] += report["status"] == "pass"
                if verbose and report["status"] != "pass":
                    print("CORRECT FAILED", item["file"], report.get("message"))
                continue
            counts["mistakes"] += 1
            counts["fail"] += report["status"] != "pass"
            hit = any(named(d) for d in report["diagnosis"])
            counts["named"] += hit
            if item.get("line"):
                counts["with_line"] += 1
                counts["line"] += any(d.get("line") == item["line"] for d in report["diagnosis"])
            causes = item.get("causes") or []
            if len(causes) > 1:  # a double slip: every cause named, each at its own line
                counts["doubles"] += 1
                lines = {d.get("line") for d in report["diagnosis"] if named(d)}
                counts["double_named"] += sum(named(d) for d in report["diagnosis"]) >= len(causes) and all(
                    c.get("line") in lines for c in causes)
            if verbose:
                said = " | ".join(f"{d['mistake']}: {(d.get('message') or '')[:160]}" for d in report["diagnosis"])
                print(f"{'NAMED ' if hit else 'UNNAMED'} {item['file']}: {item['cause'][:90]}\n    -> {said}")
    c = counts
    print(f"correct files passing: {c['correct_pass']}/{c['correct']}; mistakes failing: {c['fail']}/{c['mistakes']}; "
          f"cause named: {c['named']}/{c['mistakes']} ({100 * c['named'] / max(c['mistakes'], 1):.0f}%); "
          f"the faulty line named: {c['line']}/{c['with_line']}"
          + (f"; double slips with every cause named at its line: {c['double_named']}/{c['doubles']}" if c["doubles"] else ""))
    return counts


if __name__ == "__main__":
    saved = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--save=")), None)
    args = [a for a in sys.argv[1:] if a not in ("-v", "--cli") and not a.startswith("--save=")]
    main(Path(args[0]) if args else Path("tests/data/blind"), verbose="-v" in sys.argv, cli="--cli" in sys.argv,
         save=Path(saved) if saved else None)
