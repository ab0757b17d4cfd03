"""The grading worker, a separate process and the only part of studyxf (with the labs) that
imports torch. It is the judge's process: it starts the sandbox (sandbox/launch.py, a fresh
interpreter that imports and calls the learner's file), judges the outputs it sends as data
(judge/), and streams one JSON line per finished test ("T {...}") and the report last ("R {...}")
on its own stdout, which the learner's code never holds, so a time-out or a crash mid-way still
leaves the earlier cases standing."""

from __future__ import annotations

import ast
import json
import os
import sys

from studyxf.grading.judge.source_rules import forbidden_uses, imports_torch
from studyxf.grading.request import Request


def _send(kind: str, payload: dict, out) -> None:
    out.write(f"\n{kind} {json.dumps(payload)}\n")
    out.flush()


def main() -> None:
    from studyxf.grading.process import dies_with_parent

    dies_with_parent()
    grade(Request.from_json(sys.argv[1]), sys.stdout)


def grade(req: Request, real_out, spare=None) -> None:
    """The judge: grade one file, streaming to `real_out`; ends the process (os._exit) when done.
    The learner's file is imported and called only in the sandbox (launch.py), a new interpreter
    holding nothing of the judge's; `spare`, one started ahead (watch mode), is used when it hides
    what this request hides. Here the outputs are compared and the mistakes named. req.device "cuda" adds fp16/bf16
    cases on the GPU for torch submissions ("auto": when there is one)."""
    from studyxf.grading.process import not_dumpable

    not_dumpable()  # the judge's /proc/<pid>/fd/1 (where the report goes) closed to the sandbox
    from studyxf.grading.judge import results

    path = req.path
    box = None
    said = {"isolated": None, "source": None}  # what the report's header and its Triton notes read

    def finish(report: dict):
        report["output"] = box.output() if box else None
        if box:
            box.close()
        _send("R", results.of_request(report, req, said["source"], said["isolated"]), real_out)
        os._exit(0)  # skip interpreter teardown

    from studyxf import safefile

    try:  # regular files only, capped: watch mode re-reads it after every save
        source = safefile.read_text(path)
        ast.parse(source)
    except SyntaxError as exc:
        finish({"status": "error", "message": f"syntax error in {os.path.basename(path)} line {exc.lineno}: {exc.msg}"})
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        finish({"status": "error", "message": f"cannot read {path}: {exc}"})
    said["source"] = source
    framework = "torch" if imports_torch(source) else "numpy"
    if req.interpret:  # a Triton drill: the sandbox, started next, inherits where its kernels run
        from studyxf.grading.judge import kernels

        os.environ["TRITON_INTERPRET"] = "1" if kernels.interpreted(req.device) else "0"
        spare = None  # a spare sandbox was started with another environment

    from studyxf.grading import wire
    from studyxf.grading.sandbox import guards, launch

    banned = forbidden_uses(source, req.forbidden, req.entry)
    first = stored = None
    answered = {}  # the stored cases' answers, by index, when they did not all pass
    # started first, before this process imports NumPy: on two cores both imports overlap
    hidden = req.hide + req.hide_code
    # a spare that imported torch cannot grade a NumPy file: torch found loaded after the file's
    # import would read as a computed import of it
    if spare is not None and launch.covers(spare.hide, hidden) and not (spare.framework == "torch" and
                                                                          framework == "numpy") \
            and spare.load(req, framework, 5.0):
        box = spare  # watch mode: started ahead, its imports done
    else:
        box = launch.Sandbox(req, framework, hidden)
    from studyxf.grading.judge import references  # NumPy
    # a NumPy file's cases on the CPU are plain calls whose references can be kept as data
    keeps_references = framework == "numpy" and req.device == "cpu" and req.kind != "module"
    if keeps_references and not banned:
        stored = references.load(req)
    if stored is not None:  # a NumPy pass needs no torch: the references are data
        first = box.ask(None, wire.CASE_TIMEOUT_S + 5.0)
        tests, answered = references.passes(stored, box) if "imported" in first else (None, {})
        if tests is not None:
            said["isolated"] = first.get("isolated")
            _send("I", {"framework": framework, "isolated": first.get("isolated")}, real_out)
            for test in tests:
                _send("T", test, real_out)
            finish({"version": 2, "status": "pass", "message": None, "tests": tests, "drill": req.drill,
                    "diagnosis": [], "framework": framework})
    import torch

    from studyxf.grading.judge import runcases

    if stored is None and keeps_references:
        references.store(req, runcases.load_grader(req.folder).cases())  # for the next NumPy grading
    # the judge's arrays are small (the cases, the localisation's substitutions): on a busy 2-core
    # machine torch's threads only contended, and localising took 4x the CPU (0.19-0.27 s against
    # 0.03-0.06 s measured); the sandbox, already forked, keeps the learner's threads
    torch.set_num_threads(1)
    if first is None:
        first = box.ask(None, wire.CASE_TIMEOUT_S + 5.0)
    if "torch_seen" in first:
        # the file's text imports no torch, but running it did (importlib, __import__): graded as
        # torch, with the guard, in a sandbox started for torch
        box.close()
        framework, answered = "torch", {}
        box = launch.Sandbox(req, framework, hidden)
        first = box.ask(None, wire.CASE_TIMEOUT_S + 5.0)
    if "dead" in first:
        why = first["dead"]
        finish({"status": "error", "message": "importing the file: " + (
            f"time-out after {first['timeout']:.0f} s" if why == "time-out" else why)})
    if "import_error" in first:
        finish({"status": "error", "message": first["import_error"]})
    from studyxf.grading.sandbox import gpu

    # never a CPU run reported as a GPU one (issue 41): --device cuda where CUDA does not start, in
    # this process (the references' own errors are computed on the device) or in the sandbox, is
    # an error; a Triton drill's cases are on the GPU whenever its kernels were compiled for it
    sandbox_cuda = first.get("cuda") or {}
    gpu_cases = req.interpret and os.environ.get("TRITON_INTERPRET") == "0"
    if req.device == "cuda" or gpu_cases:
        here = gpu.cuda_state(torch)
        if "error" in here:
            finish({"status": "error", "message": gpu.failed_line("in the grader", here["error"])})
        if framework == "torch" and "error" in sandbox_cuda:
            finish({"status": "error", "message": gpu.failed_line("in the sandbox", sandbox_cuda["error"])})
    note = None
    if req.device == "auto" and not first.get("half"):  # the fallback, said in the report
        why = sandbox_cuda.get("error") or ("a NumPy file runs on the CPU" if framework == "numpy" else "")
        note = "--device auto: graded on the CPU" + (f" (CUDA: {why})" if why else "")
    said["isolated"] = first.get("isolated")
    _send("I", {"framework": framework, "isolated": first.get("isolated"), "device_note": note}, real_out)
    remote = runcases.Remote(box)
    remote.answered = answered

    def relaunch():
        fresh = launch.Sandbox(req, framework, hidden)
        if "imported" in fresh.ask(None, wire.CASE_TIMEOUT_S + 5.0):
            return fresh
        fresh.close()
        return None
    remote.relaunch = relaunch
    report = runcases.run(req, remote, framework, banned,
                          lambda test: _send("T", test, real_out),
                          "cuda" if first.get("half") else None)
    if remote.sandbox is not box:  # a sandbox revived for the diagnosis (runcases.Remote.revive)
        remote.sandbox.close()
    report["framework"] = framework
    if note:
        report["device_note"] = note
    if req.bench and report["status"] == "pass" and first.get("half"):
        from studyxf.grading import bench  # timed in the sandbox, checked here (bench.judge_bench)

        import time

        started = time.monotonic()
        report["bench"] = bench.judge_bench(req.drill, box.ask, torch, "cuda")
        report["bench"]["seconds"] = time.monotonic() - started  # not the attempt's time (attempts.py)
    finish(report)


if __name__ == "__main__":
    main()
