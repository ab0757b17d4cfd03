"""A warm grading server for watch mode: imports torch once, then forks one child per grading
(CPU only: never fork after CUDA is initialised). Messages arrive as JSON lines on stdin ({"request": a grading Request, "out": a file, "timeout": s}); each
child streams its report into the file the message names, and the server answers with one JSON
line holding the child's exit status once it has finished or been killed at its time-out."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import tempfile
import time


def serve(hide: list[str] | None = None) -> None:
    """hide: what a fresh sandbox hides (the data directory, the drill folders, the engine): one is
    kept started ahead, for the next save, when it is given."""
    # Ctrl-C in a terminal reaches the whole foreground group: the watching command stops this
    # server (it closes stdin), so the server itself must not die with a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from studyxf.grading.process import before_forks, dies_with_parent, kill_descendants, not_dumpable

    # not dies_with_parent() here: the drill screen starts this server from a worker thread, and the
    # death signal follows the thread; the server ends when its stdin closes
    not_dumpable()  # its reply pipe closed to the sandboxes of the judges it forks
    from studyxf.grading.sandbox import launch

    # imports beside this server's; torch too, as they run side by side now
    spare = launch.Sandbox(None, "torch", hide) if hide is not None else None

    before_forks()  # the judge's modules imported once, and the collector kept off what children inherit
    from studyxf.grading import worker
    from studyxf.grading.request import Request

    reply = sys.stdout
    for line in sys.stdin:
        req = json.loads(line)
        cwd = tempfile.mkdtemp(prefix="studyxf-grade-")  # made here, so that it is removed here once graded
        pid = os.fork()
        if pid == 0:  # the child: stdio away from the protocol, then grade
            try:
                dies_with_parent()
                devnull = os.open(os.devnull, os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(devnull, fd)
                os.chdir(cwd)
                out = open(req["out"], "w", encoding="utf-8")
                worker.grade(Request.from_json(json.dumps(req["request"])), out, spare=spare)
            finally:
                os._exit(70)
        if spare is not None:
            spare.detach()  # the judge's now
        deadline = time.monotonic() + req["timeout"]
        status = None
        while status is None:
            done, raw = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(raw)
            elif time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                status = "timeout"
            else:
                time.sleep(0.005)
        if spare is not None:  # used or not, it is spent: killed, and what it left behind
            spare.kill()
            shutil.rmtree(spare.tmp, ignore_errors=True)
            kill_descendants()
        shutil.rmtree(cwd, ignore_errors=True)  # the grading's folder (one was left per save before)
        reply.write(json.dumps({"status": status}) + "\n")
        reply.flush()
        if spare is not None:  # for the next save, while the learner reads this report: NumPy alone
            # (0.2 s) unless this file used torch (the spare then takes a second or two)
            spare = launch.Sandbox(None, _framework(req["request"]["path"]), hide)


def _framework(path: str) -> str:
    from studyxf import safefile
    from studyxf.grading.judge.source_rules import imports_torch

    try:  # through safefile: a FIFO saved in the file's place must not block the server
        return "torch" if imports_torch(safefile.read_text(path)) else "numpy"
    except (OSError, ValueError, SyntaxError):
        return "numpy"


if __name__ == "__main__":
    serve(json.loads(sys.argv[1]) if len(sys.argv) > 1 else None)
