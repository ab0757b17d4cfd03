"""Start-up cost, as ratios against anchors run side by side in this one run (medians).

- `studyxf today` to its first frame vs a minimal Textual app to its first frame (target 1.25x)
- `studyxf --help` vs `python -c "import click"` (target 1.5x)

A first frame is timed as a learner sees it: each app runs in a fresh process on a pseudo-terminal
(80x24), and the clock stops when the frame's text reaches the terminal (for studyxf, a line of
today's overview; the process is then killed). A headless run would time Textual's compositor
instead, which is not what the terminal shows: the start-up runs in one batch that Textual paints
only at its end.

studyxf is byte-compiled first, as `pip install` does for the installed wheel: on a machine with
PYTHONDONTWRITEBYTECODE set, a source tree would otherwise be compiled anew on every start (~20 ms
here), a cost no installed copy pays, while the anchor's Textual is already compiled.

Run: python benchmarks/startup.py   (RUNS=15 for more samples)
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = int(os.environ.get("RUNS", "9"))

MINIMAL = """
from textual.app import App
from textual.widgets import Static
class A(App):
    def compose(self):
        yield Static("hello, first frame")
A().run()
"""


def first_frame(cmd: list[str], marker: bytes, env: dict) -> float:
    """Seconds from spawning `cmd` on an 80x24 pseudo-terminal until `marker` is written to it."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        while marker not in seen:
            if not select.select([master], [], [], 20)[0]:
                raise RuntimeError(f"{cmd}: no first frame after 20 s; last output {seen[-300:]!r}")
            seen += os.read(master, 65536)
        return time.perf_counter() - start
    finally:
        # the whole process group: an app left on a pseudo-terminal whose master is closed has no
        # controlling terminal to hang it up, and spins
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(master)


def run(cmd: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "studyxf"), str(ROOT / "engine")],
                   check=True, stdout=subprocess.DEVNULL)
    home = tempfile.mkdtemp()
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=home, TERM="xterm-256color")
    env.pop("NO_COLOR", None)
    today = [sys.executable, "-m", "studyxf", "today"]
    run([*today, "--plain"], env)  # create the database and the curriculum cache; warm the page cache
    pairs = {
        "today first frame": (lambda: first_frame(today, "session 1 · transformers-1".encode(), env),
                              lambda: first_frame([sys.executable, "-c", MINIMAL], b"hello, first frame", env), 1.25),
        "--help": (lambda: run([sys.executable, "-m", "studyxf", "--help"], env),
                   lambda: run([sys.executable, "-c", "import click"], env), 1.5),
    }
    for name, (ours, anchor, target) in pairs.items():
        a, b = [], []
        for _ in range(RUNS):  # interleaved, so drift hits both alike
            a.append(ours())
            b.append(anchor())
        ma, mb = statistics.median(a), statistics.median(b)
        ratio = ma / mb
        print(f"{name:<18} studyxf {ma * 1000:7.1f} ms   anchor {mb * 1000:7.1f} ms   ratio {ratio:.2f}x "
              f"(target <= {target}x) {'OK' if ratio <= target else 'OVER'}")


if __name__ == "__main__":
    main()
