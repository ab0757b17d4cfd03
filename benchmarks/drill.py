"""Wall time of `studyxf drill attention FILE` for a correct submission, and for one with two slips
at once (the diagnosis then searches pairs of slips), against `python -c "import torch"` in the
same run (target: within 1.5x). Medians of interleaved runs. And watch mode's re-grade after the
first grading (the warm worker; target under 0.5 s), passing and failing.

Run: python benchmarks/drill.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.data.submissions import SUBMISSIONS, attn  # noqa: E402

RUNS = int(os.environ.get("RUNS", "7"))


def timed(cmd, env) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    sub = tmp / "my_attention.py"
    sub.write_text(SUBMISSIONS["attention"]["correct"][0])
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(tmp / "home"))
    two = tmp / "two_slips.py"
    two.write_text(attn(scale="", mask="~mask"))
    drill = [sys.executable, "-m", "studyxf", "drill", "attention", str(sub)]
    failing = [sys.executable, "-m", "studyxf", "drill", "attention", str(two)]
    anchor = [sys.executable, "-c", "import torch"]
    timed(drill, env)  # warm caches, create the database
    a, b, c = [], [], []
    for _ in range(RUNS):
        a.append(timed(drill, env))
        b.append(timed(anchor, env))
        c.append(timed(failing, env))
    ma, mb, mc = statistics.median(a), statistics.median(b), statistics.median(c)
    print(f"studyxf drill attention: {ma:.2f} s; python -c 'import torch': {mb:.2f} s; ratio {ma / mb:.2f}x "
          f"(target <= 1.5x) {'OK' if ma / mb <= 1.5 else 'OVER'}")
    print(f"the same with two slips named (a pair search): {mc:.2f} s; ratio {mc / mb:.2f}x "
          f"{'OK' if mc / mb <= 1.5 else 'OVER'}")

    from studyxf.grading import catalogue
    from studyxf.grading.runner import WarmGrader

    drill = catalogue.all_drills()["attention"]
    grader = WarmGrader()
    grader.run(drill, sub)  # the first grading pays the import
    times = []
    for _ in range(RUNS * 3):
        sub.write_text(SUBMISSIONS["attention"]["correct"][len(times) % 3])
        t = time.perf_counter()
        assert grader.run(drill, sub)["status"] == "pass"
        times.append(time.perf_counter() - t)
    fails = []
    for _ in range(RUNS):
        t = time.perf_counter()
        assert len(grader.run(drill, two)["diagnosis"]) == 2
        fails.append(time.perf_counter() - t)
    grader.close()
    m, mf = statistics.median(times), statistics.median(fails)
    print(f"watch mode re-grade (warm worker): {m * 1000:.0f} ms median of {len(times)} (target < 500 ms) "
          f"{'OK' if m < 0.5 else 'OVER'}; two slips named: {mf * 1000:.0f} ms {'OK' if mf < 0.5 else 'OVER'}")


if __name__ == "__main__":
    main()
