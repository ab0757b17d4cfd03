"""The parent side of grading: spawn the worker with a wall-clock limit, read its report, and
turn crashes, time-outs and floods of output into one clear line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

TIMEOUT_S = 60.0


def run(drill, path: Path, timeout: float = TIMEOUT_S) -> dict:
    forbidden = json.dumps(drill.forbidden)
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent.parent)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory(prefix="studyxf-grade-") as cwd:
        try:
            proc = subprocess.run([sys.executable, "-m", "studyxf.grading.worker", drill.name, str(path.resolve()),
                                   forbidden], capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return _error(drill, f"time-out: the submission ran longer than {timeout:.0f} s (an infinite loop?)")
    lines = [l for l in proc.stdout.splitlines() if l.startswith("{")]
    if not lines:
        why = f"the grading worker died (exit code {proc.returncode}"
        why += ", killed: out of memory?)" if proc.returncode < 0 else ")"
        tail = proc.stderr.strip().splitlines()[-1:] if proc.stderr.strip() else []
        return _error(drill, why + (f": {tail[0][:200]}" if tail else ""))
    report = json.loads(lines[-1])
    report.setdefault("version", 2)
    report.setdefault("message", None)
    report.setdefault("tests", [])
    report.setdefault("diagnosis", [])
    report["drill"] = drill.name
    for d in report["diagnosis"]:
        d["message"] = drill.mistakes.get(d["mistake"], d.get("message", ""))
    return report


def _error(drill, message: str) -> dict:
    return {"version": 2, "status": "error", "message": message, "tests": [], "drill": drill.name,
            "framework": None, "diagnosis": []}
