"""The fresh sandbox: a new interpreter, exec'd by sandbox.py once the isolation is in place, that
imports the learner's file, NumPy (and torch when the file does) and nothing of the judge: no
engine, no drill grader, no cases, no expected values. The judge sends each call's inputs as data
and gets the output, or a trace of the learner's locals, back as data (wire.py).

Used for the drills whose cases are plain calls (DESIGN.md's "grader's processes"); a drill whose
cases drive the learner's code themselves (kv-cache), check properties (rope, flash-attention) or
build modules is still served by the forked sandbox (sandbox_serve.py)."""

from __future__ import annotations

import json
import os
import runpy
import sys


def main() -> None:
    spec = json.loads(sys.argv[1])
    from studyxf.grading import sandbox

    sys.stdout, sys.stderr = sandbox._CappedFd(1), sandbox._CappedFd(2)
    judge_in, judge_out = os.fdopen(spec["in"], "rb"), os.fdopen(spec["out"], "wb")
    import numpy  # noqa: F401 - before the learner's file, as the forked sandbox had it

    if spec.get("spare"):  # started ahead: the imports paid now, the file to import comes next
        if spec["spare"] == "torch":
            import torch  # noqa: F401
        line = judge_in.readline()
        if not line:
            os._exit(0)
        spec.update(json.loads(line))
    framework = spec["framework"]
    torch = None
    if framework == "torch":
        import torch
    half = spec["device"] in ("cuda", "auto") and torch is not None and torch.cuda.is_available()
    if not half:
        sandbox.limit_address_space()  # after the imports; none on the GPU (CUDA maps tens of GiB)
    from studyxf.grading import calls, guards

    if torch is not None:
        guards.install(spec["forbidden"])
    sys.argv = [spec["path"]]
    try:
        with guards.time_limit():
            namespace = runpy.run_path(spec["path"], run_name="submission")
    except SystemExit as exc:
        return calls.reply(judge_out, {"import_error": f"the file called sys.exit({exc.code}) when imported"})
    except guards.CaseTimeout as exc:
        return calls.reply(judge_out, {"import_error": f"importing the file: {exc}"})
    except MemoryError:
        return calls.reply(judge_out, {"import_error": "the file ran out of memory when imported"})
    except BaseException as exc:  # noqa: BLE001 - any failure at import is the report
        return calls.reply(judge_out, {"import_error": f"importing the file raised {type(exc).__name__}: {exc}"})
    fn, missing = calls.entry_point(namespace, spec["entry"], spec["kind"], spec["method"], spec["drill"])
    if fn is None:
        return calls.reply(judge_out, {"import_error": missing})
    calls.reply(judge_out, {"imported": True, "isolated": spec["isolated"], "half": half})
    for line in judge_in:
        ask = json.loads(line)
        if ask.get("op") == "bye":
            break
        calls.reply(judge_out, _answer(ask, fn, framework, torch, spec["path"]))
    os._exit(0)


def _answer(ask: dict, fn, framework: str, torch, path: str) -> dict:
    from studyxf.grading import calls, wire

    try:
        args = [_value(wire.decode(a), framework, torch, ask.get("device")) for a in ask["args"]]
        kwargs = {k: _value(wire.decode(v), framework, torch, ask.get("device")) for k, v in ask["kwargs"].items()}
        if ask.get("op") == "trace":  # the call again, each line's locals recorded (trace.py)
            from studyxf.grading.trace import Tracer

            tracer = Tracer(path)
            try:
                tracer.run(lambda: _call(fn, args, kwargs, ask.get("seconds"), torch))
            except Exception:  # noqa: BLE001 - where it raised is part of the trace
                pass
            return {"trace": tracer.as_data()}
        if ask.get("op") == "call":
            return {"ok": wire.encode(_call(fn, args, kwargs, ask.get("seconds"), torch))}
        return {"raised": {"kind": "other", "type": "ValueError", "text": f"unknown request {ask.get('op')!r}"}}
    except BaseException as exc:  # noqa: BLE001 - the learner's failure is this request's answer
        if isinstance(exc, KeyboardInterrupt):
            raise
        return {"raised": calls.raised(exc)}


def _value(value, framework: str, torch, device: str | None):
    """A decoded input -> what the learner's function is given: a read-only NumPy array (an in-place
    edit raises), or a tensor on the case's device; plain data as it is."""
    from studyxf.grading import wire

    if not isinstance(value, wire.Array):
        return value
    if torch is None or framework == "numpy" and not device:
        arr = value.values.copy()
        arr.setflags(write=False)
        return arr
    t = torch.from_numpy(value.values.copy())
    if value.dtype == "bfloat16":
        t = t.to(torch.bfloat16)
    return t.to(device) if device else t


def _call(fn, args: list, kwargs: dict, seconds: float | None, torch):
    """One call within the case's time limit; a tensor input changed by the call breaks a rule the
    tasks state."""
    from studyxf.grading import guards
    from studyxf.grading.calls import INPUT_MODIFIED, RuleBroken

    given = [*args, *kwargs.values()]
    kept = [v.clone() if torch is not None and isinstance(v, torch.Tensor) else None for v in given]
    with (guards.time_limit(seconds) if seconds else guards.time_limit()):
        out = fn(*args, **kwargs)
    for before, now in zip(kept, given):
        if before is not None and not torch.equal(before, now):
            raise RuleBroken(INPUT_MODIFIED)
    return out


if __name__ == "__main__":
    main()
