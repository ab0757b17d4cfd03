"""The parent side of grading: spawn the worker with a wall-clock limit, read the tests it
streams, and turn time-outs, crashes and floods of output into one clear line each."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from studyxf.errors import StudyxfError
from studyxf.grading.judge import results

# A backstop only: the worker stops each case itself after STUDYXF_CASE_TIMEOUT seconds (10 by
# default); this catches native code that never returns to Python, and a worker that hangs.
TIMEOUT_S = 120.0
BENCH_TIMEOUT_S = 600.0  # --bench's warm-up compiles the kernel at the bench's size, then the batches


def _parse(stdout: str) -> tuple[list[dict], dict | None, str | None, str | None]:
    tests, report, framework, isolated = [], None, None, None
    for line in stdout.splitlines():
        if line.startswith("U {"):  # a usage error found by the worker (no CUDA for --device cuda)
            raise StudyxfError(json.loads(line[2:])["message"])
        if line.startswith("I {"):
            info = json.loads(line[2:])
            framework, isolated = info.get("framework"), info.get("isolated")
        elif line.startswith("T {"):
            try:
                tests.append(json.loads(line[2:]))
            except json.JSONDecodeError:
                pass
        elif line.startswith("R {"):
            try:
                report = json.loads(line[2:])
            except json.JSONDecodeError:
                pass
    return tests, report, framework, isolated


# what the worker (and the sandbox forked from it, whose /proc/self/environ is the worker's) is
# started with: where Python, NumPy and torch find their libraries and threads, nothing of the
# learner's (no STUDYXF_HOME, no tokens, no HOME)
KEEP_ENV = ("PATH", "TMPDIR", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "PYTHONPATH", "PYTHONHOME", "PYTHONHASHSEED", "VIRTUAL_ENV",
            "LD_LIBRARY_PATH", "STUDYXF_CASE_TIMEOUT", "STUDYXF_SANDBOX_NAMESPACES")
KEEP_PREFIXES = ("OMP_", "MKL_", "OPENBLAS_", "CUDA_", "NVIDIA_", "TORCH_", "TRITON_", "CUBLAS_")


def python(module: str, *args: str) -> list[str]:
    """The worker's (the warm server's) command: Python without `site`, which on some machines takes
    40 ms of .pth files at each start (the verdict starts two interpreters after this one); the
    import path this process was given comes along in PYTHONPATH (_env)."""
    return [sys.executable, "-S", "-m", module, *args]


def _env(home: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k in KEEP_ENV or k.startswith(KEEP_PREFIXES)}
    root = str(Path(__file__).resolve().parent.parent.parent)
    # this process's import path as `site` and the .pth files made it (sys.path[0] is this script's
    # folder or the working directory: the child has its own), studyxf's own folder first
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([root, *(p for p in sys.path[1:] if p)]))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # the judge's and the sandbox's BLAS on one thread unless the learner says otherwise: the cases
    # are small, and OpenBLAS's pool of spinning threads slowed both NumPy imports, run side by side
    # on two cores, from 0.13 to 0.19 s (measured)
    env.setdefault("OPENBLAS_NUM_THREADS", "1")
    env["HOME"] = home  # not TMPDIR: the sandbox's own folder must not fall under one it hides
    return env


def run(drill, path: Path, timeout: float = TIMEOUT_S, device: str = "cpu", bench: bool = False) -> dict:
    """Grade in a fresh worker process (pays torch's import: about 1.5 s)."""
    return Pending(drill, path, timeout, device, bench).result()


class Pending:
    """A grading started in a fresh worker now, its report read by result(): the command opens the
    database while the worker and its sandbox import NumPy."""

    def __init__(self, drill, path: Path, timeout: float = TIMEOUT_S, device: str = "cpu", bench: bool = False,
                 kept_judge: bool = True):
        self.drill, self.timeout, self.proc = drill, timeout, None
        self.kept, self.address = None, None
        self.needs = drill.needs_line()
        if self.needs:  # the drill screen and watch mode: the report says what to install (the command exits 2 first)
            return
        self.path, self.device = path, device
        request = drill.request(path, device)
        request.bench = bench  # timed in the same sandbox after a pass (bench.judge_bench)
        if bench:
            self.timeout += BENCH_TIMEOUT_S
        if kept_judge and not bench and device == "cpu":  # a judge kept warm by an earlier grading (kept.py), if any
            from studyxf.grading import kept

            self.address = kept.address(_env(""))
            if self.address:
                request.hide.append(os.path.dirname(self.address))  # its socket, out of the sandbox's sight
            self.kept = kept.ask(self.address, request.to_json(), self.timeout)
            if self.kept is not None:
                return
        cmd = python("studyxf.grading.worker", request.to_json())
        self.cwd = tempfile.TemporaryDirectory(prefix="studyxf-grade-")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     cwd=self.cwd.name, env=_env(self.cwd.name), stdin=subprocess.DEVNULL,
                                     errors="replace")

    def result(self) -> dict:
        if self.kept is not None:
            return self._kept_result()
        if self.proc is None:
            return results.error(self.drill.name, self.needs)
        try:
            stdout, _ = self.proc.communicate(timeout=self.timeout)
            code, timed_out = self.proc.returncode, False
        except subprocess.TimeoutExpired:
            self.proc.kill()
            stdout, _ = self.proc.communicate()
            code, timed_out = None, True
        finally:
            self.cwd.cleanup()
        report = _report(self.drill, stdout or "", code, timed_out, self.timeout)
        if self.address and _imported_torch(report):  # the next grading's judge, warm
            from studyxf.grading import kept

            kept.start(self.address, _env(""))
        return report

    def _kept_result(self) -> dict:
        from studyxf.grading import kept

        stdout, code, timed_out, answered = kept.read(self.kept, self.timeout)
        if not answered:  # the server went away before it graded (idled out, killed): a worker of our own
            self.__init__(self.drill, Path(self.path), self.timeout, self.device, kept_judge=False)
            return self.result()
        return _report(self.drill, stdout, code, timed_out, self.timeout)


def _imported_torch(report: dict) -> bool:
    """Whether the worker needed torch for this report: anything but a NumPy pass (graded from the
    stored references) and a file refused before its cases."""
    return report.get("framework") is not None and not (report["status"] == "pass"
                                                        and report["framework"] == "numpy")


class WarmGrader:
    """Watch mode's grader: one server process keeps torch imported and forks per grading, so a
    re-grade costs the cases, not the import (see warm.py)."""

    def __init__(self):
        from studyxf import paths
        from studyxf.grading.catalogue import code_folders

        self.tmp = tempfile.TemporaryDirectory(prefix="studyxf-watch-")
        # what the spare sandbox the server keeps ready hides: the data, this folder, the answers
        hide = [*paths.data_dirs(), self.tmp.name, *code_folders()]
        # started in its own folder, as the one-shot worker is: `-m` puts the working directory first
        # on the import path, and a checkout there would give the server another studyxf than this one
        self.proc = subprocess.Popen(python("studyxf.grading.warm", json.dumps(hide)),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     cwd=self.tmp.name, env=_env(self.tmp.name), bufsize=1)

    def run(self, drill, path: Path, timeout: float = TIMEOUT_S, device: str = "cpu") -> dict:
        needs = drill.needs_line()
        if needs:
            return results.error(drill.name, needs)
        if self.proc.poll() is not None:  # the server died (killed?): start another
            self.__init__()
        out = Path(self.tmp.name) / "report.jsonl"
        request = drill.request(path, device)
        request.hide.append(self.tmp.name)  # the report file: the sandbox must not write into it
        message = {"request": json.loads(request.to_json()), "out": str(out), "timeout": timeout}
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        answer = self.proc.stdout.readline()
        status = json.loads(answer)["status"] if answer else "died"
        stdout = out.read_text(encoding="utf-8", errors="replace") if out.exists() else ""
        timed_out = status == "timeout"
        return _report(drill, stdout, status if isinstance(status, int) else None, timed_out, timeout)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        self.tmp.cleanup()




def _report(drill, stdout: str, code: int | None, timed_out: bool, timeout: float) -> dict:
    """The judge's report as it sent it (judge/results.py built it), or, when its process died
    before, what it had streamed."""
    tests, report, framework, _ = _parse(stdout)
    if isinstance(report, dict) and report.get("status") in ("pass", "fail", "error"):
        return report
    if timed_out:
        why = f"time-out: grading was stopped after {timeout:.0f} s (a loop inside native code?)"
    elif code is not None and code < 0:
        why = f"the grading worker was killed by signal {-code} (out of memory, or a crash in native code)"
    else:
        why = f"the grading worker stopped unexpectedly (exit code {code}): did the file call os._exit()?"
    return results.died(drill.name, tests, framework, why)
