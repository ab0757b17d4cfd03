"""Running a drill's cases against the learner's entry point (inside the worker): the drill's
grader.py loaded from its folder, inputs in the learner's framework, each case's exception or
broken rule caught as that case's result, outputs judged, then the diagnosis. Each finished test
is passed to `emit` at once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np
import torch

from studyxf.grading import diagnosis, judge, probes
from studyxf.grading.case import Case, RuleBroken, half_precision
from studyxf.grading.families import param, public
from studyxf.grading.guards import CaseTimeout, ForbiddenCall, time_limit
from studyxf.grading.request import Request

DEVICE_HINT = ("the inputs are on {device} here: every tensor you create must be made there too, e.g. "
               "torch.arange(T, device=x.device), torch.ones(T, T, dtype=torch.bool, device=q.device)")
DTYPE_HINT = ("NumPy 2 promotes a float32 array combined with a NumPy float64 scalar (np.sqrt(d), np.float64(...)) "
              "or a float64 array to float64: use a Python float (d ** 0.5, math.sqrt(d)) or .astype(x.dtype)")


def load_grader(folder: str):
    """The drill folder's grader.py as a module (a learner's own drill folder works the same way)."""
    path = Path(folder) / "grader.py"
    name = f"studyxf_drill_{Path(folder).name.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _entry_point(namespace: dict, req: Request):
    """The learner's callable, or the message saying what the file lacks."""
    fn = namespace.get(req.entry)
    if req.kind == "leetcode":  # LeetCode's own signature: each case calls a fresh Solution()
        if not isinstance(fn, type) or not callable(getattr(fn, req.method or "", None)):
            return None, f"the file defines no `class {req.entry}` with a method `{req.method}`"
        cls = fn

        def call(*args, **kwargs):
            return getattr(cls(), req.method)(*args, **kwargs)
        return call, None
    if not callable(fn):
        return None, f"the file defines no `{req.entry}` (the entry point of {req.drill})"
    return fn, None


def _to_framework(value, framework: str, device: str | None = None):
    if not isinstance(value, torch.Tensor):
        return value
    if device:
        return value.to(device)
    if framework == "numpy":
        arr = value.numpy().copy()
        arr.setflags(write=False)  # an in-place edit of an input raises instead of passing silently
        return arr
    return value.clone()


def _call(fn, args, kwargs, framework, redirect, seconds: float | None = None, driver=None, device=None):
    conv_args = [_to_framework(a, framework, device) for a in args]
    conv_kwargs = {k: _to_framework(v, framework, device) for k, v in kwargs.items()}
    with redirect(), (time_limit(seconds) if seconds else time_limit()):
        out = driver(fn, *conv_args, **conv_kwargs) if driver else fn(*conv_args, **conv_kwargs)
    if framework == "torch":
        for orig, given in zip([*args, *kwargs.values()], [*conv_args, *conv_kwargs.values()]):
            if isinstance(orig, torch.Tensor) and not torch.equal(orig, given.to(orig.device)):
                raise RuleBroken("the function modified one of its inputs in place: work on a copy "
                                 "(x = x.clone(), or out-of-place ops: x - m instead of x -= m)")
    return out


def _exception_result(exc: BaseException, case: Case, inputs: str) -> tuple[str, str]:
    """(status, message) of a case whose call raised."""
    if isinstance(exc, (ForbiddenCall, RuleBroken)):
        return "fail", str(exc)
    if isinstance(exc, ValueError) and "read-only" in str(exc):
        return "fail", (f"the function tried to modify one of its inputs in place ({exc}): work on a copy "
                        f"(x = x.copy(), or out-of-place ops)")
    if isinstance(exc, SystemExit):
        return "error", f"the function called sys.exit({exc.code})"
    if isinstance(exc, CaseTimeout):
        return ("fail", case.slow_message) if case.slow_message else ("error", f"{exc} (inputs {inputs})")
    if isinstance(exc, MemoryError):
        return "error", f"the function ran out of memory (inputs {inputs})"
    hint = f"; {DEVICE_HINT.format(device=case.device)}" if case.device and "device" in str(exc) else ""
    return "error", f"{type(exc).__name__}: {exc} (inputs {inputs}){hint}"


def _check_output(out, case: Case, inputs: str) -> tuple[str | None, np.ndarray | None, str, bool]:
    """(failure message or None, the output as float64 numpy when comparable, the dtype judged at,
    whether a float32 input came back float64)."""
    if case.validate is not None:
        return case.validate(out), None, "", False
    ref = case.ref()
    if case.convert is not None:
        try:
            got = case.convert(out)
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            return f"unexpected result {out!r:.200}: {exc}", None, "", False
        return judge.compare(got, ref, "float64", 0.0, inputs), got, "float64", False
    try:
        got, got_dtype = judge.to_numpy(out)
    except Exception:  # noqa: BLE001
        return f"returned {type(out).__name__}, expected an array or tensor", None, "", False
    if got.dtype == object or not np.issubdtype(got.dtype, np.number):
        return f"returned an array of {got.dtype}, expected floating point numbers", None, "", False
    if got.shape != ref.shape:
        return f"shape: expected {ref.shape}, got {got.shape} (inputs {inputs})", None, "", False
    if case.out_dtype == "float":
        if not np.issubdtype(got.dtype, np.floating):
            return f"dtype: expected a floating dtype, got {got_dtype}", None, "", False
        judged_at = got_dtype if got_dtype in judge.TOLERANCE else "float32"
        engine_err = case.engine_error_at(judged_at)
    elif got_dtype != case.dtype:
        message = f"dtype: expected {case.dtype} (the input's dtype), got {got_dtype} (inputs {inputs})"
        if not (case.dtype == "float32" and got_dtype == "float64"):
            return message, None, "", False
        # the usual NumPy 2 promotion: the values are judged too (at float32), so that another
        # mistake beside it is still named
        values = judge.compare(got, ref, "float32", case.engine_error(), inputs)
        return f"{message}; {DTYPE_HINT}" + (f"; and the {values}" if values else ""), \
            (got if values else None), "float32", True
    else:
        judged_at, engine_err = case.dtype, case.engine_error()
    return judge.compare(got, ref, judged_at, engine_err, inputs), got, judged_at, False


def _preview(inputs: dict) -> dict:
    """A failing test's inputs, as Exercism shows them: shape, dtype and the first few values."""
    out = {}
    for label, value in inputs.items():
        if isinstance(value, torch.Tensor):
            flat = value.flatten()[:4].tolist()
            shown = ", ".join(f"{v:.4g}" if isinstance(v, float) else str(v) for v in flat)
            more = ", ..." if value.numel() > 4 else ""
            out[label] = f"{tuple(value.shape)} {str(value.dtype).removeprefix('torch.')} [{shown}{more}]"
        else:
            out[label] = repr(value)
    return out


def _numpy_call(fn, framework, redirect):
    """call(*args, **kwargs) -> float64 numpy: for property checks and probes."""
    def call(*a, **kw):
        return judge.to_numpy(_call(fn, list(a), kw, framework, redirect))[0].astype(np.float64)
    return call


def run_case(fn, case: Case, framework: str, redirect) -> tuple[dict, dict | None]:
    """One case: (its test, and what the diagnosis needs when it failed comparably)."""
    labelled = case.labelled()
    inputs = judge.describe(labelled)
    test = {"name": case.name, "test_code": case.call}
    try:
        out = _call(fn, case.args, case.kwargs, framework, redirect, case.time_limit, case.driver, case.device)
    except BaseException as exc:  # noqa: BLE001 - any failure inside a case is that case's result
        if isinstance(exc, KeyboardInterrupt):
            raise
        status, message = _exception_result(exc, case, inputs)
        if isinstance(exc, RuleBroken) or "read-only" in str(exc):
            info = {"rule": message}
        else:
            info = {"raised": (type(exc).__name__, str(exc).splitlines()[0] if str(exc) else "", case.name,
                               "mask" in labelled or "memory_mask" in labelled)} if status == "error" else None
        return {**test, "status": status, "message": message, "inputs": _preview(labelled)}, info
    message, got, dname, promoted = _check_output(out, case, inputs)
    if not message:
        return {**test, "status": "pass", "message": None}, None
    info = {"dtype_promoted": True} if promoted else {}
    if got is not None and case.device is None:
        # mistakes are named from the float32/float64 cases; a half copy's rounding (--device cuda)
        # would hide the match
        info.update(got=got, dtype=dname, ref=case.ref(), variant_of=case.variant_of, case=case)
    return {**test, "status": "fail", "message": message, "inputs": _preview(labelled)}, (info or None)


def run(req: Request, namespace: dict, framework: str, banned: list[str], redirect, emit,
        half_device: str | None = None) -> dict:
    """Grade every case of the drill; with half_device (the GPU), torch submissions also get fp16 and
    bf16 copies of the float32 cases there."""
    fn, missing = _entry_point(namespace, req)
    if fn is None:
        return {"status": "error", "message": missing}
    grader = load_grader(req.folder)
    why = {f["name"]: f["why"] for f in req.forbidden}
    tests, failing = [], []

    def record(test, fail_info=None):
        test.setdefault("message", None)
        test.setdefault("output", None)
        tests.append(test)
        emit(test)
        if fail_info is not None:
            failing.append(fail_info)

    if banned:
        record({"name": "forbidden", "status": "fail",
                "message": "; ".join(f"uses {b}: not allowed here ({why[b]})" for b in banned)})
    call = _numpy_call(fn, framework, redirect)
    if req.kind == "module":
        from studyxf.grading import module_drill

        def judge_module(out, ref, dname, engine_err, inputs):
            if not isinstance(out, torch.Tensor):
                return f"forward returned {type(out).__name__}, expected a tensor"
            if tuple(out.shape) != ref.shape:
                return f"shape: expected {ref.shape}, got {tuple(out.shape)} (inputs {inputs})"
            if str(out.dtype).removeprefix("torch.") != dname:
                return f"dtype: expected {dname}, got {str(out.dtype).removeprefix('torch.')} (inputs {inputs})"
            return judge.compare(out.detach().to(torch.float64).numpy(), ref, dname, engine_err, inputs)

        for test, info in module_drill.run(fn, grader, judge_module, redirect, req.entry):
            record(test, info)
    else:
        cases = grader.cases()
        if half_device and framework == "torch":
            cases += half_precision(cases, half_device)
        for case in cases:
            record(*run_case(fn, case, framework, redirect))
            for name, check in case.checks:
                try:
                    msg = check(call)
                except Exception as exc:  # noqa: BLE001
                    msg = f"{type(exc).__name__}: {exc}"
                record({"name": name, "status": "fail" if msg else "pass", "message": msg})
    status = "pass" if all(t["status"] == "pass" for t in tests) else "fail"
    named = _diagnose(grader, failing, call) if status == "fail" else []
    return {"version": 2, "status": status, "message": None, "tests": tests, "drill": req.drill,
            "diagnosis": named}


def _diagnose(grader, failing: list[dict], call) -> list[dict]:
    """Slips by id first; where none fits, what the probes and the comparison measured."""
    if any(f.get("random") for f in failing):
        return [{"mistake": "random-output", "message": ""}]
    rule = next((f["rule"] for f in failing if f.get("rule")), None)
    if rule:
        return [{"mistake": "input-modified", "message": rule}]
    promoted = [{"mistake": "dtype-promoted", "message": DTYPE_HINT}] if any(f.get("dtype_promoted") for f in failing) \
        else []
    comparable = [f for f in failing if f.get("variant_of")]
    if comparable and "case" in comparable[0]:
        case = comparable[0]["case"]
        if not case.driver:
            try:
                again = probes.repeatable(call, case.args, case.kwargs)
            except Exception:  # noqa: BLE001 - a probe that cannot run says nothing
                again = None
            if again:
                return [{"mistake": "random-output", "message": again}]
    slips = list(getattr(grader, "SLIPS", []))
    named = diagnosis.name_slips(comparable, slips)
    if named:
        return [{"mistake": public(s), "message": f"(measured: {public(s)} {param([s], public(s))})" if ":" in s else ""}
                for s in named] + promoted
    if promoted:
        return promoted
    out = []
    for probe in getattr(grader, "PROBES", []):
        try:
            said = probe(call)
        except Exception:  # noqa: BLE001
            said = None
        if said:
            out.append({"mistake": "measured", "message": said})
    local = next((f["localised"] for f in failing if f.get("localised")), None)
    if local:
        out.append({"mistake": "localised", "message": local})
    if not out and comparable:
        said = probes.relation(comparable[0]["got"], comparable[0]["ref"])
        if said:
            out.append({"mistake": "measured", "message": said})
    raised = [f["raised"] for f in failing if f.get("raised")]
    if not out and raised:
        out.append({"mistake": "raised", "message": _raised(raised)})
    return out


def _raised(raised: list[tuple]) -> str:
    """What the exceptions have in common, and the usual cause of the common ones."""
    kind, text, first, has_mask = raised[0]
    said = f"{len(raised)} case(s) raised {kind}, first in '{first}': {text[:200]}"
    if kind == "NotImplementedError":
        return said + ". The starter's stub is still there: write the function's body."
    if any(w in text for w in ("must match the size", "could not be broadcast", "broadcast", "shape")):
        hint = (" A mask (B, T, T) against scores (B, H, T, T) needs a head axis: mask[:, None]." if has_mask else "")
        return said + ". Two shapes that do not line up: print the shapes on the failing line." + hint
    return said
