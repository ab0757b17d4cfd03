"""The grading worker, a separate process and the only part of studyxf (with the labs) that
imports torch. It is the judge: it starts the sandbox, a fresh interpreter that imports and calls
the learner's file (sandbox.py, fresh.py), judges the outputs the sandbox sends as data, and streams one JSON line per finished
test ("T {...}") and the report last ("R {...}") on its own stdout, which the learner's code never
holds, so a time-out or a crash mid-way still leaves the earlier cases standing.
"""

from __future__ import annotations

import ast
import json
import os
import sys

from studyxf.grading import kernel_rule
from studyxf.grading.request import Request


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
    used, internals = set(), set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            used.add(node.attr)
            if node.attr in INTERNALS and isinstance(node.value, ast.Name) and node.value.id == "torch":
                internals.add(f"torch.{node.attr}")
        elif isinstance(node, ast.keyword) and node.arg:
            used.add(node.arg)
        elif isinstance(node, ast.Import):
            used.update(part for a in node.names for part in a.name.split("."))
            internals.update(f"torch.{a.name.split('.')[1]}" for a in node.names
                             if a.name.split(".")[:1] == ["torch"] and a.name.split(".")[1:2] in (["_C"], ["ops"]))
        elif isinstance(node, ast.ImportFrom):
            used.update((node.module or "").split("."))
            used.update(a.name for a in node.names)
            parts = (node.module or "").split(".")
            if parts[0] == "torch":
                internals.update(f"torch.{p}" for p in [*parts[1:2], *(a.name for a in node.names)] if p in INTERNALS)
    named = {f["name"] for f in forbidden if f["name"] in used}
    rules = {f["name"] for f in forbidden}
    if "@" in rules and any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.MatMult) for n in ast.walk(tree)):
        named.add("@")  # a matrix product by the operator (Triton's kernels have tl.dot, not @)
    if NO_KERNEL in rules and not launches_kernel(source):
        named.add(NO_KERNEL)
    # torch's internals reach every forbidden call under another spelling (torch._C._nn.
    # scaled_dot_product_attention, torch.ops.aten...): where anything is forbidden, they are too
    found = sorted(named | (internals if forbidden else set()) | computed_spellings(tree))
    if kernel_rule.RULE in rules:  # a Triton drill: where torch computes, in the file's order
        found += [used for used in kernel_rule.torch_computing(source) if used not in found]
    return found


INTERNALS = ("_C", "ops")
# what reaches a call or an object under a name the file's text does not hold (getattr(torch, "_C"),
# an import by a built string, a caller's frame, every object of the process, the grader's own
# modules in the sandbox): forbidden in every drill, since the static check is what decides (no
# file of the corpora written from the tasks uses any of them)
COMPUTED = {"__import__": "__import__", "importlib": "importlib", "_getframe": "sys._getframe",
            "currentframe": "inspect.currentframe", "f_locals": "a frame's f_locals", "f_globals": "a frame's f_globals",
            "f_back": "a frame's f_back", "get_objects": "gc.get_objects", "get_referrers": "gc.get_referrers",
            "modules": "sys.modules", "__globals__": "a function's __globals__",
            "__subclasses__": "__subclasses__", "studyxf": "studyxf (the grader's own code)"}
COMPUTED_WHY = "a spelling the grader cannot read: call what you use by its name"


def computed_spellings(tree: ast.AST) -> set[str]:
    """The spellings of COMPUTED the file's syntax tree uses, and getattr / setattr with a name built
    at run time."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr", "delattr"):
            if len(node.args) < 2 or not (isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
                found.add(f"{node.func.id} with a computed name")
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
        if name == "modules" and not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                                      and node.value.id == "sys"):
            continue  # nn.Module.modules() is the learner's own business
        if name in COMPUTED:
            found.add(COMPUTED[name])
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found.update(COMPUTED[m.split(".")[0]] for m in mods if m.split(".")[0] in COMPUTED)
    return found


# a Triton drill's rule (its drill.yaml forbids it by this name): the result must come from a
# @triton.jit kernel that the file defines and launches (kernel[grid](...)), not from torch
NO_KERNEL = "torch without a @triton.jit kernel"


def launches_kernel(source: str) -> bool:
    """Whether the file defines a function decorated with triton.jit (or jit, called or not, under
    an autotune or heuristics decorator too) and launches it as kernel[grid](...)."""
    tree = ast.parse(source)

    def dotted(node) -> str:
        node = node.func if isinstance(node, ast.Call) else node
        if isinstance(node, ast.Attribute):
            return dotted(node.value) + "." + node.attr
        return node.id if isinstance(node, ast.Name) else ""

    kernels = {fn.name for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
               and any(dotted(d).split(".")[-1] == "jit" for d in fn.decorator_list)}
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript)
               and dotted(n.func.value).split(".")[-1] in kernels for n in ast.walk(tree))


def _send(kind: str, payload: dict, out) -> None:
    out.write(f"\n{kind} {json.dumps(payload)}\n")
    out.flush()


def main() -> None:
    from studyxf.grading.process import dies_with_parent

    dies_with_parent()
    grade(Request.from_json(sys.argv[1]), sys.stdout)


def grade(req: Request, real_out, spare=None) -> None:
    """The judge: grade one file, streaming to `real_out`; ends the process (os._exit) when done.
    The learner's file is imported and called only in the sandbox (sandbox.py), a new interpreter
    holding nothing of the judge's; `spare`, one started ahead (watch mode), is used when it hides
    what this request hides. Here the outputs are compared and the mistakes named. req.device "cuda" adds fp16/bf16
    cases on the GPU for torch submissions ("auto": when there is one)."""
    from studyxf.grading.process import not_dumpable

    not_dumpable()  # the judge's /proc/<pid>/fd/1 (where the report goes) closed to the sandbox
    path = req.path
    box = None

    def finish(report: dict):
        report["output"] = box.output() if box else None
        if box:
            box.close()
        _send("R", report, real_out)
        os._exit(0)  # skip interpreter teardown

    from studyxf import safefile

    try:  # regular files only, capped: watch mode re-reads it after every save
        source = safefile.read_text(path)
        ast.parse(source)
    except SyntaxError as exc:
        finish({"status": "error", "message": f"syntax error in {os.path.basename(path)} line {exc.lineno}: {exc.msg}"})
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        finish({"status": "error", "message": f"cannot read {path}: {exc}"})
    framework = "torch" if imports_torch(source) else "numpy"
    if req.interpret:  # a Triton drill: the sandbox, started next, inherits where its kernels run
        from studyxf.grading import kernels

        os.environ["TRITON_INTERPRET"] = "1" if kernels.interpreted(req.device) else "0"
        spare = None  # a spare sandbox was started with another environment

    from studyxf.grading import guards, sandbox

    banned = forbidden_uses(source, req.forbidden)
    first = stored = None
    answered = {}  # the stored cases' answers, by index, when they did not all pass
    # started first, before this process imports NumPy: on two cores both imports overlap
    hidden = req.hide + req.hide_code
    # a spare that imported torch cannot grade a NumPy file: torch found loaded after the file's
    # import would read as a computed import of it
    if spare is not None and sandbox.covers(spare.hide, hidden) and not (spare.framework == "torch" and
                                                                          framework == "numpy") \
            and spare.load(req, framework, 5.0):
        box = spare  # watch mode: started ahead, its imports done
    else:
        box = sandbox.Sandbox(req, framework, hidden)
    from studyxf.grading import references  # NumPy
    # a NumPy file's cases on the CPU are plain calls whose references can be kept as data
    keeps_references = framework == "numpy" and req.device == "cpu" and req.kind != "module"
    if keeps_references and not banned:
        stored = references.load(req)
    if stored is not None:  # a NumPy pass needs no torch: the references are data
        first = box.ask(None, guards.CASE_TIMEOUT_S + 5.0)
        tests, answered = references.passes(stored, box) if "imported" in first else (None, {})
        if tests is not None:
            _send("I", {"framework": framework, "isolated": first.get("isolated")}, real_out)
            for test in tests:
                _send("T", test, real_out)
            finish({"version": 2, "status": "pass", "message": None, "tests": tests, "drill": req.drill,
                    "diagnosis": [], "framework": framework})
    import torch

    from studyxf.grading import runcases

    if stored is None and keeps_references:
        references.store(req, runcases.load_grader(req.folder).cases())  # for the next NumPy grading
    # the judge's arrays are small (the cases, the localisation's substitutions): on a busy 2-core
    # machine torch's threads only contended, and localising took 4x the CPU (0.19-0.27 s against
    # 0.03-0.06 s measured); the sandbox, already forked, keeps the learner's threads
    torch.set_num_threads(1)
    if first is None:
        first = box.ask(None, guards.CASE_TIMEOUT_S + 5.0)
    if "torch_seen" in first:
        # the file's text imports no torch, but running it did (importlib, __import__): graded as
        # torch, with the guard, in a sandbox started for torch
        box.close()
        framework, answered = "torch", {}
        box = sandbox.Sandbox(req, framework, hidden)
        first = box.ask(None, guards.CASE_TIMEOUT_S + 5.0)
    if "dead" in first:
        why = first["dead"]
        finish({"status": "error", "message": "importing the file: " + (
            f"time-out after {first['timeout']:.0f} s" if why == "time-out" else why)})
    if "import_error" in first:
        finish({"status": "error", "message": first["import_error"]})
    from studyxf.grading import gpu

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
    _send("I", {"framework": framework, "isolated": first.get("isolated"), "device_note": note}, real_out)
    remote = runcases.Remote(box)
    remote.answered = answered
    report = runcases.run(req, remote, framework, banned,
                          lambda test: _send("T", test, real_out),
                          "cuda" if first.get("half") else None)
    report["framework"] = framework
    if note:
        report["device_note"] = note
    if req.bench and report["status"] == "pass" and first.get("half"):
        from studyxf.grading import kernels  # timed in the sandbox, checked here (kernels.judge_bench)

        import time

        started = time.monotonic()
        report["bench"] = kernels.judge_bench(req.drill, box.ask, torch, "cuda")
        report["bench"]["seconds"] = time.monotonic() - started  # not the attempt's time (attempts.py)
    finish(report)


if __name__ == "__main__":
    main()
