"""Inside the sandbox (sandbox.py): import the learner's file, then answer the judge's requests,
each one call of the learner's code: a case by its index, a call on given inputs, a property check,
a module config. Answers are data (wire.py); verdicts are the judge's."""

from __future__ import annotations

import json
import os
import runpy
import sys

import numpy as np
import torch

from studyxf.grading import calls, guards, wire
from studyxf.grading.case import half_precision
from studyxf.grading.guards import CaseTimeout, time_limit


def serve(req, framework: str, judge_in, judge_out, isolated: str) -> None:
    from studyxf.grading import runcases

    half = req.device in ("cuda", "auto") and framework == "torch" and torch.cuda.is_available()
    if not half:
        from studyxf.grading.sandbox import limit_address_space

        limit_address_space()  # after torch's import; none on the GPU (CUDA maps tens of GiB)
    guards.install(req.forbidden)
    sys.argv = [req.path]
    try:
        with time_limit():
            namespace = runpy.run_path(req.path, run_name="submission")
    except SystemExit as exc:
        return calls.reply(judge_out, {"import_error": f"the file called sys.exit({exc.code}) when imported"})
    except CaseTimeout as exc:
        return calls.reply(judge_out, {"import_error": f"importing the file: {exc}"})
    except MemoryError:
        return calls.reply(judge_out, {"import_error": "the file ran out of memory when imported"})
    except BaseException as exc:  # noqa: BLE001 - any failure at import is the report
        return calls.reply(judge_out, {"import_error": f"importing the file raised {type(exc).__name__}: {exc}"})
    fn, missing = runcases.entry_point(namespace, req)
    if fn is None:
        return calls.reply(judge_out, {"import_error": missing})
    calls.reply(judge_out, {"imported": True, "isolated": isolated, "half": half})
    served = Served(req, fn, framework, half)
    for line in judge_in:
        ask = json.loads(line)
        if ask.get("op") == "bye":
            break
        calls.reply(judge_out, served.answer(ask))
    os._exit(0)


class Served:
    """The learner's entry point and the drill's cases; one answer per request. The tests run it
    in-process (tests/drill_helpers.py) through the same messages."""

    def __init__(self, req, fn, framework: str, half: bool):
        from studyxf.grading import runcases

        self.fn, self.framework, self.path, self.entry = fn, framework, req.path, req.entry
        self.grader = runcases.load_grader(req.folder)
        self.cases = None
        if req.kind != "module":
            self.cases = self.grader.cases()
            if half:
                self.cases += half_precision(self.cases, "cuda" if half is True else half)

    def answer(self, ask: dict) -> dict:
        from studyxf.grading import module_drill, runcases

        op, fn, framework = ask.get("op"), self.fn, self.framework
        try:
            if op == "case":
                case = self.cases[ask["i"]]
                out = runcases.call(fn, case.args, case.kwargs, framework, case.time_limit, case.driver, case.device)
                return {"ok": wire.encode(out)}
            if op == "trace":  # the case again, each line's locals recorded (trace.py)
                from studyxf.grading.trace import Tracer

                case, tracer = self.cases[ask["i"]], Tracer(self.path, self.entry if case_driver(self, ask) else None)
                try:
                    tracer.run(lambda: runcases.call(fn, case.args, case.kwargs, framework, case.time_limit,
                                                     case.driver, case.device))
                except Exception:  # noqa: BLE001 - where it raised is part of the trace
                    pass
                return {"trace": tracer.as_data()}
            if op == "call":
                args = [_tensor(wire.decode(a)) for a in ask["args"]]
                kwargs = {k: _tensor(wire.decode(v)) for k, v in ask["kwargs"].items()}
                return {"ok": wire.encode(runcases.call(fn, args, kwargs, framework))}
            if op == "check":
                case = self.cases[ask["i"]]
                return {"message": case.checks[ask["j"]][1](runcases.numpy_call(fn, framework))}
            if op == "module_trace":  # one config's forward again, each line's locals recorded
                from studyxf.grading.trace import Tracer

                tracer = Tracer(self.path)
                try:
                    module, _, _, x = module_drill._built(fn, self.grader, ask["i"])
                    with torch.no_grad():
                        tracer.run(lambda: module(x))
                except Exception:  # noqa: BLE001 - where it raised is part of the trace
                    pass
                return {"trace": tracer.as_data()}
            if op == "module":
                return module_drill.sandbox_config(fn, self.grader, ask["i"])
            if op == "module_props":
                return {"tests": module_drill.sandbox_properties(fn, self.grader)}
            return {"raised": {"kind": "other", "type": "ValueError", "text": f"unknown request {op!r}"}}
        except BaseException as exc:  # noqa: BLE001 - the learner's failure is this request's answer
            if isinstance(exc, KeyboardInterrupt):
                raise
            return {"raised": calls.raised(exc)}


def case_driver(served, ask) -> bool:
    """Whether the case calls the learner's function many times (a driver): then each call's
    arguments are traced too."""
    return served.cases[ask["i"]].driver is not None


def _tensor(value):
    """A decoded input -> the torch value the case's code expects (arrays back to tensors)."""
    if isinstance(value, wire.Array):
        t = torch.from_numpy(np.array(value.values))
        return t.to(getattr(torch, value.dtype)) if value.dtype == "bfloat16" else t
    return value
