"""Start-up cost, as ratios against anchors run side by side in this one run (medians).

- `studyxf today` to its first frame vs a minimal Textual app to its first frame (target 1.25x)
- `studyxf --help` vs `python -c "import click"` (target 1.5x)

Each sample is a fresh process (what a learner waits for). Run: python benchmarks/startup.py

studyxf is byte-compiled first, as `pip install` does for the installed wheel: on a machine with
PYTHONDONTWRITEBYTECODE set, a source tree would otherwise be compiled anew on every start (~20 ms
here), a cost no installed copy pays, while the anchor's Textual is already compiled.
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
RUNS = int(os.environ.get("RUNS", "9"))

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class A(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.exit)
A().run(headless=True)
"""

# The same path as `studyxf today`; the screen's after-first-paint hook (which would build the
# tabs) exits instead, exactly as the anchor exits after its first paint.
STUDYXF = """
import studyxf.cli, studyxf.commands.sessions  # the command line's own import cost counts too
from studyxf.study import open_study
from studyxf.tui.app import StudyApp
from studyxf.tui import today
async def exit_after_first_paint(self):
    self.app.exit()
today.TodayScreen.build_tabs = exit_after_first_paint
study = open_study()
session = study.enter_today()
StudyApp(study, session_id=session.id).run(headless=True)
"""


def sample(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "studyxf"), str(ROOT / "engine")],
                   check=True, stdout=subprocess.DEVNULL)
    home = tempfile.mkdtemp()
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=home)
    pairs = {
        "today first frame": ([sys.executable, "-c", STUDYXF], [sys.executable, "-c", MINIMAL], 1.25),
        "--help": ([sys.executable, "-m", "studyxf", "--help"], [sys.executable, "-c", "import click"], 1.5),
    }
    sample(pairs["today first frame"][0], env)  # warm the page cache and create the database
    for name, (ours, anchor, target) in pairs.items():
        a, b = [], []
        for _ in range(RUNS):  # interleaved, so drift hits both alike
            a.append(sample(ours, env))
            b.append(sample(anchor, env))
        ma, mb = statistics.median(a), statistics.median(b)
        ratio = ma / mb
        print(f"{name:<18} studyxf {ma * 1000:7.1f} ms   anchor {mb * 1000:7.1f} ms   ratio {ratio:.2f}x "
              f"(target <= {target}x) {'OK' if ratio <= target else 'OVER'}")


if __name__ == "__main__":
    main()
