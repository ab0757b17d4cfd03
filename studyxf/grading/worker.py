"""The grading worker, a separate process and the only part of studyxf (with the labs) that
imports torch: it imports the submission, runs the drill's cases, and streams one JSON line per
finished test ("T {...}") and the report last ("R {...}"), so a time-out or a crash mid-way still
leaves the earlier cases standing.

It guards against accidents (loops, memory bombs, sys.exit, floods of output), and is not a
security boundary: a submission runs with the learner's own rights.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import resource
import runpy
import sys

from studyxf.grading.request import Request

OUTPUT_CAP = 4000
MEMORY_HEADROOM = 4 * 1024 ** 3  # address space allowed beyond what torch's import mapped


class CappedOutput:
    """A stdout/stderr stand-in that keeps the first OUTPUT_CAP characters and counts the rest."""

    def __init__(self):
        self.parts, self.size, self.dropped = [], 0, 0

    def write(self, text):
        room = OUTPUT_CAP - self.size
        if room > 0:
            self.parts.append(text[:room])
            self.size += min(len(text), room)
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def flush(self):
        pass

    def isatty(self):
        return False

    def text(self) -> str | None:
        if not self.size:
            return None
        more = f"\n[{self.dropped} more characters not shown]" if self.dropped else ""
        return "".join(self.parts) + more


def imports_torch(source: str) -> bool:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import) and any(a.name == "torch" or a.name.startswith("torch.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "torch":
            return True
    return False


def forbidden_uses(source: str, forbidden: list[dict]) -> list[str]:
    """Forbidden names reached as an attribute (F.layer_norm), imported by name from a module
    (from torch.nn.functional import layer_norm), imported as a module (import engine), or given
    as a keyword (enable_gqa=True). A learner's own function may share the name: a bare call of
    `layer_norm` defined in the file is not a use of torch's."""
    used = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute):
            used.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            used.add(node.arg)
        elif isinstance(node, ast.Import):
            used.update(part for a in node.names for part in a.name.split("."))
        elif isinstance(node, ast.ImportFrom):
            used.update((node.module or "").split("."))
            used.update(a.name for a in node.names)
    return sorted({f["name"] for f in forbidden if f["name"] in used})


def _send(kind: str, payload: dict, out) -> None:
    out.write(f"\n{kind} {json.dumps(payload)}\n")
    out.flush()


def main() -> None:
    grade(Request.from_json(sys.argv[1]), sys.stdout)


def grade(req: Request, real_out) -> None:
    """Grade one file, streaming to `real_out`; ends the process (os._exit) when done. req.device
    "cuda" adds fp16/bf16 cases on the GPU for torch submissions ("auto": when there is one)."""
    captured = CappedOutput()
    path, device = req.path, req.device

    def finish(report: dict):
        report["output"] = captured.text()
        _send("R", report, real_out)
        os._exit(0)  # skip interpreter teardown: a submission's threads or atexit hooks must not hang us

    try:
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        tree_ok = ast.parse(source)
    except SyntaxError as exc:
        finish({"status": "error", "message": f"syntax error in {os.path.basename(path)} line {exc.lineno}: {exc.msg}"})
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        finish({"status": "error", "message": f"cannot read {path}: {exc}"})
    del tree_ok
    framework = "torch" if imports_torch(source) else "numpy"

    import importlib

    importlib.import_module("numpy")  # mapped before the memory limit, like torch
    import torch

    from studyxf.grading import guards, runcases

    half_device = None
    if device in ("cuda", "auto"):
        if torch.cuda.is_available():
            half_device = "cuda"
        elif device == "cuda":
            _send("U", {"message": "--device cuda: no CUDA device is available here (torch.cuda.is_available() "
                                   "is False); use --device cpu or auto"}, real_out)
            os._exit(0)

    # A memory limit set after torch's import has mapped its libraries (DESIGN.md, facts). None on
    # the GPU: CUDA's context, started later, reserves tens of GiB of address space.
    if half_device != "cuda":
        _limit_address_space()
    banned = forbidden_uses(source, req.forbidden)
    guards.install(req.forbidden)
    sys.argv = [path]

    def redirect():
        return _redirect(captured)

    try:
        with _redirect(captured), guards.time_limit():
            namespace = runpy.run_path(path, run_name="submission")
    except SystemExit as exc:
        finish({"status": "error", "message": f"the file called sys.exit({exc.code}) when imported"})
    except guards.CaseTimeout as exc:
        finish({"status": "error", "message": f"importing the file: {exc}"})
    except MemoryError:
        finish({"status": "error", "message": "the file ran out of memory when imported"})
    except BaseException as exc:  # noqa: BLE001 - any failure at import is the report, not a crash
        finish({"status": "error", "message": f"importing the file raised {type(exc).__name__}: {exc}"})
    _send("I", {"framework": framework}, real_out)  # imported: from here on a crash fails one case
    report = runcases.run(req, namespace, framework, banned, redirect, lambda test: _send("T", test, real_out),
                          half_device)
    report["framework"] = framework
    finish(report)


def _limit_address_space() -> None:
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        with open("/proc/self/statm") as fh:
            vm = int(fh.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (vm + MEMORY_HEADROOM, hard))
    except (ValueError, OSError):
        pass  # no such limit here: the parent's time-out still stops a runaway


@contextlib.contextmanager
def _redirect(captured):
    with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
        yield


if __name__ == "__main__":
    main()
