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
        request.bench = bench  # timed in the same sandbox after a pass (kernels.judge_bench)
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
            return _error(self.drill, self.needs)
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
        return with_gpu_notes(report, self.drill, self.path, self.device)

    def _kept_result(self) -> dict:
        from studyxf.grading import kept

        stdout, code, timed_out, answered = kept.read(self.kept, self.timeout)
        if not answered:  # the server went away before it graded (idled out, killed): a worker of our own
            self.__init__(self.drill, Path(self.path), self.timeout, self.device, kept_judge=False)
            return self.result()
        return with_gpu_notes(_report(self.drill, stdout, code, timed_out, self.timeout), self.drill,
                              self.path, self.device)


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
            return _error(drill, needs)
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
        return with_gpu_notes(_report(drill, stdout, status if isinstance(status, int) else None, timed_out, timeout),
                              drill, path, device)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        self.tmp.cleanup()


def with_gpu_notes(report: dict, drill, path: Path, device: str) -> dict:
    """A Triton drill graded off the GPU: what the interpreter forgave and a GPU would not
    (gpu_notes.py), as advice beside the verdict; nothing when the cases ran on a GPU."""
    from studyxf.grading.kernel_rule import RULE

    on_gpu = device == "cuda" or any(t.get("device") == "cuda" for t in report.get("tests", []))
    if on_gpu or report["status"] == "error" or RULE not in {f["name"] for f in drill.forbidden}:
        return report
    from studyxf.grading import gpu_notes

    try:
        found = gpu_notes.notes(Path(path).read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return report
    if found:
        report["gpu_notes"] = found
    return report


def _report(drill, stdout: str, code: int | None, timed_out: bool, timeout: float) -> dict:
    tests, report, framework, isolated = _parse(stdout)
    if report is None:
        if timed_out:
            why = f"time-out: grading was stopped after {timeout:.0f} s (a loop inside native code?)"
        elif code is not None and code < 0:
            why = f"the grading worker was killed by signal {-code} (out of memory, or a crash in native code)"
        else:
            why = f"the grading worker stopped unexpectedly (exit code {code}): did the file call os._exit()?"
        if framework is None:  # it never got past importing the submission
            return _error(drill, why)
        # earlier cases stand; the one that was running is an error
        tests.append({"name": "the next case", "status": "error", "message": why, "output": None})
        report = {"status": "fail", "tests": tests, "message": None, "diagnosis": [], "framework": framework}
    report.setdefault("version", 2)
    report.setdefault("message", None)
    report.setdefault("tests", [])
    report.setdefault("diagnosis", [])
    report.setdefault("framework", None)
    report["drill"] = drill.name
    if isolated and any(word in isolated for word in NOT_HELD):  # the text report's header says it once
        report["isolation"] = isolated
    for d in report["diagnosis"]:
        hint = drill.mistakes.get(d["mistake"]) or GENERIC.get(d["mistake"], "")
        d["message"] = " ".join(part for part in (hint, d.get("message") or "") if part)
        _contract(d)
    return _escaped({k: report[k] for k in ("version", "status", "message", "tests", "drill", "framework",
                                            "diagnosis", "output", "isolation", "device_note", "bench") if k in report})


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
    "measured": "",
    "localised": "",
    "raised": "",
    "located": "",
    "layout": "",
    "shape": "",
    "dtype-lowered": "Return the input's dtype, computed in it: a float64 input gives a float64 output.",
    "too-slow": "Correct but too slow: the measured time grows faster than the task allows.",
    "too-much-memory": "Too much memory: the measured peak grows with the full score matrix (T x T).",
}


def _contract(entry: dict) -> None:
    """DESIGN.md's diagnosis entry: `mistake` a catalogued id, or null for a cause found by
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


def _error(drill, message: str) -> dict:
    return {"version": 2, "status": "error", "message": message, "tests": [], "drill": drill.name,
            "framework": None, "diagnosis": []}
