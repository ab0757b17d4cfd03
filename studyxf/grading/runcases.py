"""Running a drill's cases against the learner's entry point (inside the worker): inputs in the
learner's framework, exceptions and in-place edits caught per case, outputs judged, the mistake
named. Each finished test is passed to `emit` at once."""

from __future__ import annotations

import numpy as np
import torch

from studyxf.grading import judge, specs
from studyxf.grading.guards import CaseTimeout, ForbiddenCall, time_limit


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
                raise InPlaceEdit("the function modified one of its inputs in place")
    return out


DEVICE_HINT = ("the inputs are on {device} here: every tensor you create must be made there too, e.g. "
               "torch.arange(T, device=x.device), torch.ones(T, T, dtype=torch.bool, device=q.device)")


class InPlaceEdit(Exception):
    pass


def _check_output(out, case: specs.Case, framework: str, inputs: str) -> tuple[str | None, np.ndarray | None, str]:
    if case.validate is not None:
        return case.validate(out), None, ""
    ref = case.ref()
    if case.convert is not None:
        try:
            got = case.convert(out)
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            return f"unexpected result {out!r:.200}: {exc}", None, ""
        message = judge.compare(got, ref, "float64", 0.0, inputs)
        return message, got, "float64"
    try:
        got, got_dtype = judge.to_numpy(out)
    except Exception:  # noqa: BLE001
        return f"returned {type(out).__name__}, expected an array or tensor", None, ""
    if got.dtype == object or not np.issubdtype(got.dtype, np.number):
        return f"returned an array of {got.dtype}, expected floating point numbers", None, ""
    if got.shape != ref.shape:
        return f"shape: expected {ref.shape}, got {got.shape} (inputs {inputs})", None, ""
    want = case.dtype
    if case.out_dtype == "float":
        if not np.issubdtype(got.dtype, np.floating):
            return f"dtype: expected a floating dtype, got {got_dtype}", None, ""
        judged_at = got_dtype if got_dtype in judge.TOLERANCE else "float32"
    elif got_dtype != want:
        if framework == "numpy" and want == "float32" and got_dtype == "float64":
            judged_at = "float32"  # a float64 result for float32 input is judged at float32 tolerance
        else:
            return f"dtype: expected {want} (the input's dtype), got {got_dtype} (inputs {inputs})", None, ""
    else:
        judged_at = want
    engine_err = case.engine_error() if case.out_dtype != "float" else case.engine_error_at(judged_at)
    message = judge.compare(got, ref, judged_at, engine_err, inputs)
    return message, got, judged_at


def _labelled(case) -> dict:
    """A case's inputs by the names its call uses (`attention(q, k, v, mask=mask)`)."""
    names = [p.strip() for p in case.call.partition("(")[2].rstrip(")").split(",") if "=" not in p]
    return {**{(names[i] if i < len(names) else f"arg{i}"): a for i, a in enumerate(case.args)}, **case.kwargs}


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


def run(drill: str, namespace: dict, framework: str, banned: list[str], forbidden: list[dict], redirect,
        emit, mistake_ids: list[str] | None = None, half_device: str | None = None) -> dict:
    """Grade every case of `drill`; with half_device (the GPU), torch submissions also get fp16 and
    bf16 copies of the float32 cases there."""
    entry = specs.ENTRY.get(drill)
    if entry is None:
        return {"status": "error", "message": f"drill {drill!r} has no grader"}
    fn = namespace.get(entry)
    if drill in specs.METHOD:  # LeetCode's own signature: each case calls a fresh Solution()
        method = specs.METHOD[drill]
        if not isinstance(fn, type) or not callable(getattr(fn, method, None)):
            return {"status": "error", "message": f"the file defines no `class {entry}` with a method `{method}`"}
        cls = fn

        def fn(*args, **kwargs):
            return getattr(cls(), method)(*args, **kwargs)
    if not callable(fn):
        return {"status": "error", "message": f"the file defines no `{entry}` (the entry point of {drill})"}
    why = {f["name"]: f["why"] for f in forbidden}
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
    if drill in ("causal-self-attention", "transformer-block"):
        from studyxf.grading import module_drill

        def judge_module(out, ref, dname, engine_err, inputs):
            if not isinstance(out, torch.Tensor):
                return f"forward returned {type(out).__name__}, expected a tensor"
            if tuple(out.shape) != ref.shape:
                return f"shape: expected {ref.shape}, got {tuple(out.shape)} (inputs {inputs})"
            if str(out.dtype).removeprefix("torch.") != dname:
                return f"dtype: expected {dname}, got {str(out.dtype).removeprefix('torch.')} (inputs {inputs})"
            return judge.compare(out.detach().to(torch.float64).numpy(), ref, dname, engine_err, inputs)

        kind = "attention" if drill == "causal-self-attention" else "block"
        for test, info in module_drill.run(fn, judge_module, redirect, kind):
            record(test, info)
        mistakes = list(module_drill.MISTAKES if kind == "attention" else module_drill.BLOCK_MISTAKES)
    else:
        cases = specs.CASES[drill]()
        if half_device and framework == "torch":
            cases += specs.half_precision(cases, half_device)
        for case in cases:
            labelled = _labelled(case)
            inputs = judge.describe(labelled)
            test = {"name": case.name, "test_code": case.call}
            try:
                out = _call(fn, case.args, case.kwargs, framework, redirect, case.time_limit, case.driver, case.device)
            except ForbiddenCall as exc:
                record({**test, "status": "fail", "message": str(exc)})
                continue
            except InPlaceEdit as exc:
                record({**test, "status": "fail", "message": f"{exc} (inputs {inputs})"})
                continue
            except ValueError as exc:
                if "read-only" in str(exc):
                    record({**test, "status": "fail",
                            "message": f"the function tried to modify one of its inputs in place: {exc}"})
                else:
                    record({**test, "status": "error", "message": f"ValueError: {exc} (inputs {inputs})"})
                continue
            except SystemExit as exc:
                record({**test, "status": "error", "message": f"the function called sys.exit({exc.code})"})
                continue
            except CaseTimeout as exc:
                if case.slow_message:  # a too-slow answer fails this case; it is not a crash
                    record({**test, "status": "fail", "message": case.slow_message})
                else:
                    record({**test, "status": "error", "message": f"{exc} (inputs {inputs})"})
                continue
            except MemoryError:
                record({**test, "status": "error", "message": f"the function ran out of memory (inputs {inputs})"})
                continue
            except Exception as exc:  # noqa: BLE001 - the learner's exception is this test's error
                hint = f"; {DEVICE_HINT.format(device=case.device)}" if case.device and "device" in str(exc) else ""
                record({**test, "status": "error", "message": f"{type(exc).__name__}: {exc} (inputs {inputs}){hint}"})
                continue
            message, got, dname = _check_output(out, case, framework, inputs)
            info = None
            if message and got is not None and case.device is None:
                # mistakes are named from the float32/float64 cases; a half copy's rounding
                # (--device cuda) would hide the match
                info = {"got": got, "dtype": dname, "case": case}
            if message:
                test["inputs"] = _preview(labelled)
            record({**test, "status": "fail" if message else "pass", "message": message}, info)
            for name, check in case.checks:
                def call(*a, **kw):
                    return judge.to_numpy(_call(fn, list(a), kw, framework, redirect))[0].astype(np.float64)
                try:
                    msg = check(call)
                except Exception as exc:  # noqa: BLE001
                    msg = f"{type(exc).__name__}: {exc}"
                record({"name": name, "status": "fail" if msg else "pass", "message": msg})
        mistakes = mistake_ids or []
        for f in failing:
            case = f.pop("case")
            f["variants"], f["ref"] = case.variants(mistakes), case.ref()
    status = "pass" if all(t["status"] == "pass" for t in tests) else "fail"
    named = judge.diagnose(failing, mistake_ids if mistake_ids is not None else mistakes) if status == "fail" else []
    return {"version": 2, "status": status, "message": None, "tests": tests, "drill": drill,
            "diagnosis": [{"mistake": m, "message": ""} for m in named]}
