"""Running a drill's cases, the judge's side: each call of the learner's code is a request to the
sandbox (fresh.py), its inputs and output data; a case that drives the learner's function call by
call (kv-cache) and a property check run here, their calls requests too; the outputs are judged
against references computed here. Each finished test is passed to `emit` at once."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import numpy as np
import torch

from studyxf.grading import wire
from studyxf.grading.judge import judging
from studyxf.grading.judge.diagnose import DTYPE_HINT, DTYPE_HINT_TORCH
from studyxf.grading.judge.case import Case, Check, half_precision
from studyxf.grading.judge.evidence import Answer, Failure, Mismatch, Raised, Resource
from studyxf.grading.request import Request

INTERNAL_WHY = "torch's internals reach the calls this drill forbids under other names"
EDIT_S = 0.5  # an edited copy's time limit on one case (repair.py, mend.py): the cases run in milliseconds
TOTAL_S = 6 * wire.CASE_TIMEOUT_S  # a whole grading (60 s by default; the runner's backstop is 120 s)
DEVICE_HINT = ("the inputs are on {device} here: every tensor you create must be made there too, e.g. "
               "torch.arange(T, device=x.device), torch.ones(T, T, dtype=torch.bool, device=q.device)")
def load_grader(folder: str):
    """The drill folder's grader.py as a module (a learner's own drill folder works the same way)."""
    path = Path(folder) / "grader.py"
    name = f"studyxf_drill_{Path(folder).name.replace('-', '_')}"
    loaded = sys.modules.get(name)
    if loaded is not None and getattr(loaded, "__file__", None) == str(path):
        return loaded  # once per judge: the cases, the diagnosis and the references all read it
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _exception_result(info: dict, case: Case | None, inputs: str) -> tuple[str, str]:
    """Judge side: (status, message) of a call that raised, from the sandbox's description."""
    kind, text = info.get("kind"), info.get("text", "")
    if kind in ("readonly", "rule") and case and case.modified_message and (
            kind == "readonly" or text == wire.INPUT_MODIFIED):
        return "fail", case.modified_message  # what an input changed in place means in this drill
    if kind in ("forbidden", "rule", "bounds"):
        return "fail", text
    if kind == "readonly":
        return "fail", f"the function tried to modify one of its inputs in place ({text}): work on a copy " \
                       f"(x = x.copy(), or out-of-place ops)"
    if kind == "exit":
        return "error", f"the function called sys.exit({text})"
    if kind == "timeout":
        slow = case.slow_message if case else None
        return ("fail", slow) if slow else ("error", f"{text} (inputs {inputs})")
    if kind == "memory":
        return "error", f"the function ran out of memory (inputs {inputs})"
    hint = f"; {DEVICE_HINT.format(device=case.device)}" if case and case.device and "device" in text else ""
    return "error", f"{info.get('type', 'Exception')}: {text} (inputs {inputs}){hint}"


def _check_output(out, case: Case, inputs: str) -> tuple[str | None, np.ndarray | None, str, bool]:
    """(failure message or None, the output as float64 numpy when comparable, the dtype judged at,
    whether a float32 input came back float64)."""
    if case.validate is not None:
        return case.validate(_plain(out)), None, "", False
    ref = case.ref()
    if case.convert is not None:
        try:
            got = case.convert(_plain(out))
        except (TypeError, ValueError, KeyError, IndexError, ArithmeticError) as exc:  # 10**400: no float
            return f"unexpected result {out!r:.200}: {exc}", None, "", False
        return judging.compare(got, ref, "float64", 0.0, inputs), got, "float64", False
    if not isinstance(out, wire.Array):
        shown = out.type_name if isinstance(out, wire.Opaque) else type(out).__name__
        return f"returned {shown}, expected an array or tensor", None, "", False
    got, got_dtype = out.values, out.dtype
    if got.dtype == object or not np.issubdtype(got.dtype, np.number):
        return f"returned an array of {got.dtype}, expected floating point numbers", None, "", False
    if got.shape != ref.shape:
        message = judging.Failed(f"shape: expected {ref.shape}, got {got.shape} (inputs {inputs})", "shape")
        aligned = _aligned(got, ref.shape)
        # judged in the input's dtype, or where any floating dtype is asked (alibi's), in the one returned
        judged_at = case.dtype if case.out_dtype is None else \
            (got_dtype if got_dtype in judging.TOLERANCE else "float32") \
            if case.out_dtype == "float" and np.issubdtype(got.dtype, np.floating) else None
        if aligned is None or judged_at is None or case.out_dtype is None and got_dtype != case.dtype \
                or np.allclose(aligned.astype(np.float64), ref, rtol=1e-3, atol=1e-4, equal_nan=True):
            return message, None, "", False
        # the values judged past the shape, on the one alignment of the axes there is, so that a value
        # slip beside it is named too
        engine_err = case.engine_error() if case.out_dtype is None else case.engine_error_at(judged_at)
        values = judging.compare(aligned, ref, judged_at, engine_err, inputs)
        return (judging.joined(message, "shape", values, "; and, with your axes aligned to the expected ones, the "),
                aligned, judged_at, False) if values else (message, None, "", False)
    if case.out_dtype == "float":
        if not np.issubdtype(got.dtype, np.floating):
            return judging.Failed(f"dtype: expected a floating dtype, got {got_dtype}", "dtype"), None, "", False
        judged_at = got_dtype if got_dtype in judging.TOLERANCE else "float32"
        engine_err = case.engine_error_at(judged_at)
    elif got_dtype != case.dtype:
        message = judging.Failed(f"dtype: expected {case.dtype} (the input's dtype), got {got_dtype} (inputs {inputs})",
                                 "dtype")
        if case.dtype == "float64" and got_dtype == "float32":
            # a float64 case answered in float32: the values are judged too, past its rounding
            # (matches()'s own slack), so that a value slip beside the dtype is still named (half
            # precision rounds beyond that slack: its values are not judged)
            if np.allclose(got.astype(np.float64), ref, rtol=1e-3, atol=1e-4, equal_nan=True):
                return message, None, "", False
            values = judging.compare(got, ref, "float32", 0.0, inputs) or "values differ"
            return judging.joined(message, "dtype", values), got, "float32", False
        if not (case.dtype == "float32" and got_dtype == "float64"):
            return message, None, "", False
        # the usual NumPy 2 promotion: the values are judged too (at float32), so that another
        # mistake beside it is still named
        values = judging.compare(got, ref, "float32", case.engine_error(), inputs)
        hint = DTYPE_HINT_TORCH if out.torch else DTYPE_HINT
        return judging.joined(f"{message}; {hint}", "dtype", values), (got if values else None), "float32", True
    else:
        judged_at, engine_err = case.dtype, case.engine_error()
    return judging.compare(got, ref, judged_at, engine_err, inputs), got, judged_at, False


def _validated_past_the_type(case: Case, decoded, typed: str, test: dict, labelled: dict) -> tuple[dict, Failure]:
    """A validated case (LeetCode) answered in another type than the task states (3.0 for 3): the rule,
    and the answer validated as the stated type where it converts exactly, so that a value slip
    beside it is named (and 3.0 is not read as two slips that cancel)."""
    value = _plain(decoded)
    kind = case.out_type[0]
    try:
        stated = kind(value) if kind(value) == value and not isinstance(value, bool) else None
    except (TypeError, ValueError, OverflowError):
        stated = None
    said = case.validate(stated) if stated is not None else None
    message = typed + (f"; and {said}" if said else "")
    info = Failure(test=f"{case.name}: {message}", type_rule=typed)
    if stated is not None and case.variant:
        info.answer = Answer(stated, case, failed=bool(said))
    if getattr(said, "mistake", None):
        info.named, info.readings = said.mistake, said.readings
    return {**test, "status": "fail", "message": message, "inputs": _preview(labelled)}, info


def _stated_type(out, case: Case) -> str | None:
    """What breaks the result type the task states (a float where it says an int), or None."""
    if case.out_type is None:
        return None
    kind, said = case.out_type
    value = _plain(out)
    if isinstance(value, kind) and not isinstance(value, bool):
        return None
    shown = getattr(out, "type_name", None) or type(value).__name__
    return f"returned {shown} {value!r:.40}: the task asks for {said}"


def _aligned(got: np.ndarray, shape: tuple) -> np.ndarray | None:
    """`got` with its axes brought to `shape`: the one order of its axes (axes of one length kept in
    their own order), or its axes of length 1 dropped or added; None otherwise."""
    if got.size != int(np.prod(shape)):
        return None
    if got.ndim == len(shape) and sorted(got.shape) == sorted(shape):
        # two axes of one length: the order that keeps them as they came (a new axis put in the
        # wrong place, the others in order: (T, T, H) read as (H, T, T) by moving H alone)
        order, used = [], set()
        for n in shape:
            i = next(i for i, m in enumerate(got.shape) if m == n and i not in used)
            used.add(i)
            order.append(i)
        return got.transpose(order)
    if [n for n in got.shape if n != 1] == [n for n in shape if n != 1]:
        return got.reshape(shape)
    return None


def _shape_or_dtype(out, case: Case, message: str) -> dict:
    """What a wrong shape or a lowered dtype says: the expected values with the axes in another
    order (which order), or a float64 case answered in float32 (computed in float32)."""
    if not isinstance(out, wire.Array) or case.convert is not None or case.validate is not None:
        return {}
    if judging.kind_of(message) == "shape":
        got, ref = out.values, case.ref()
        if got.ndim == ref.ndim and sorted(got.shape) == sorted(ref.shape) and got.size == ref.size:
            from itertools import permutations

            for p in permutations(range(got.ndim)):
                if tuple(got.shape[i] for i in p) == ref.shape and np.allclose(
                        got.transpose(p).astype(np.float64), ref, rtol=1e-3, atol=1e-4, equal_nan=True):
                    return {"shape": f"your output holds the expected values with the axes in another order: yours is "
                                     f"{got.shape}, expected {ref.shape} (transposing yours by {p} gives the expected): "
                                     f"build it in the task's order"}
        if got.ndim == ref.ndim and sorted(got.shape) == sorted(ref.shape):
            # the same axes in another order (the values judged past it on that order): a cause of its own
            return {"shape_fact": f"your output's axes are in another order: yours is {got.shape}, expected "
                                  f"{ref.shape} (an axis of the task's shape sits elsewhere in yours): build it in "
                                  f"the task's order"}
        return {"shape_fact": f"measured: your output's shape is {got.shape}; the expected shape is {ref.shape}"}
    if judging.kind_of(message) == "dtype" and out.values.dtype.kind in "iu":
        return {"dtype_integer": f"your output is {out.dtype}: an array allocated from an integer one "
                                 f"(np.zeros_like or torch.zeros_like of an int array, torch.arange(T) without a "
                                 f"float dtype, np.empty(shape, dtype=int)) keeps only the whole part of each value "
                                 f"written into it; allocate it as floating point"}
    lower = {"float64": ("float32", "float16", "bfloat16"), "float32": ("float16", "bfloat16")}
    if judging.kind_of(message) == "dtype" and out.dtype in lower.get(case.dtype, ()):
        return {"dtype_lowered": f"your output is {out.dtype} where the input is {case.dtype}: the computation ran in "
                                 f"{out.dtype} (.float(), .half(), .to(torch.bfloat16), an autocast region, "
                                 f"np.float32(...) or such an array mixed in); compute in the input's dtype"}
    return {}


PREVIEW_ITEMS = 40  # a long string's or list's first items shown in a failing test's inputs


def _preview(inputs: dict) -> dict:
    """A failing test's inputs, as Exercism shows them: shape, dtype and the first few values."""
    out = {}
    for label, value in inputs.items():
        if isinstance(value, torch.Tensor):
            flat = value.flatten()[:4].tolist()
            shown = ", ".join(f"{v:.4g}" if isinstance(v, float) else str(v) for v in flat)
            more = ", ..." if value.numel() > 4 else ""
            out[label] = f"{tuple(value.shape)} {str(value.dtype).removeprefix('torch.')} [{shown}{more}]"
        elif isinstance(value, (str, list, tuple)) and len(value) > PREVIEW_ITEMS:
            # a LeetCode case of 200,000 characters printed whole was 600 KB of report
            head = repr(value[:PREVIEW_ITEMS])
            out[label] = f"{head[:-1]}...{head[-1]}  # {len(value):,} in all"
        else:
            out[label] = repr(value)
    return out


def _plain(value):
    """A decoded value as the cases' own checks expect it: arrays as numpy, scalars as numbers."""
    if isinstance(value, wire.Array):
        return value.values.item() if value.values.ndim == 0 else value.values
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class Remote:
    """The judge's view of the sandbox: each request one call of the learner's code, answered as
    data within a deadline; after a time-out or a crash the sandbox is gone and nothing more runs."""

    def __init__(self, sandbox):
        import time

        self.sandbox, self.gone = sandbox, None
        # the whole grading's deadline: each call under its limit can still add up (16 calls of
        # 6.5 s kept a grading busy for 107 s)
        self.deadline = time.monotonic() + TOTAL_S
        self.answered: dict = {}  # cases already answered (references.passes), by index: not asked again
        self.encoded: dict = {}  # the edit search's cases' inputs as sent, by case (patched_request)
        self.relaunch = None  # () -> a fresh sandbox with the file imported, or None (revive)
        self.took: dict = {}  # the seconds each case's call took on the learner's file, by case (patched_request)

    def revive(self) -> bool:
        """A fresh sandbox after a case that ran out of time where the task's time limit made that a
        cause of its own (too slow): the cases that failed on their answers are still to be explained
        by the walk and the edits, which the killed sandbox could not run."""
        if not self.gone or not self.gone.get("slow") or self.relaunch is None:
            return False
        box = self.relaunch()
        if box is None:
            return False
        self.sandbox, self.gone = box, None
        return True

    @staticmethod
    def call_request(args, kwargs: dict, op: str = "call", **extra) -> dict:
        """A request for one call of the learner's code on these inputs, sent as data (the sandbox
        holds no cases)."""
        return {"op": op, "args": [wire.encode_input(a) for a in args],
                "kwargs": {k: wire.encode_input(v) for k, v in kwargs.items()}, **extra}

    def patched_request(self, case, source: str) -> dict:
        """A case asked of an edited copy of the learner's file (the edit search): the case's inputs
        encoded once, whichever copy asks (hundreds of copies ask the same few cases)."""
        held = self.encoded.get(id(case))
        if held is None or held[0] is not case:
            held = self.encoded[id(case)] = (case, self.call_request(case.args, case.kwargs, "patched"))
        # an edit can make a loop endless (stop = min(start + block, Tq) with Tq = 1): a copy gets
        # EDIT_S on a case without a limit of its own, where the default 10 s had cost 30 s on one
        # flash-attention file (a LeetCode drill's large case keeps its own: a loop over 200,000)
        # (a copy gets thrice what the file itself took on the case, where that was more: a loop over
        # 128 x 256 positions, setting a tensor's elements one by one, takes 0.4 s)
        return {**held[1], "source": source, "seconds": case.time_limit or max(EDIT_S, 3 * self.took.get(id(case), 0))}

    def case_request(self, index: int, case: Case, op: str = "call") -> dict:
        """The request that runs case `index` (op "trace": and records the learner's locals)."""
        return self.call_request(case.args, case.kwargs, op, i=index, seconds=case.time_limit, device=case.device)

    def run(self, index: int, case: Case) -> dict:
        """Case `index` run: its answer (a driver's case driven from here, call by call)."""
        import time

        if case.driver is None:
            started = time.monotonic()
            answer = self.ask(self.case_request(index, case), self.limit(case))
            self.took[id(case)] = answer.pop("took", None) or time.monotonic() - started
            return answer
        return _drive(self, case, traced=False)

    def trace(self, index: int, case: Case) -> dict:
        """Case `index` run again with the learner's locals recorded: {"trace": ...} or why not (a
        driver's calls all recorded in one trace, each call's arguments as an entry)."""
        if case.driver is None:
            return self.ask(self.case_request(index, case, "trace"), self.limit(case))
        started = self.ask({"op": "trace_start"}, self.limit(case))
        if "ok" not in started:
            return started
        # where it raised is part of the trace; a call that wrote into its caches is traced on to the end
        _drive(self, case, traced=True, past_the_rule=True)
        return self.ask({"op": "trace_end"}, self.limit(case))

    def checker(self, case: Case):
        """For a case's property checks, run here: call(*args, **kwargs) -> the learner's output as
        float64 numpy (a failed call raises Unanswered); call.peak(...) -> (output, the growth of the
        sandbox's peak memory during the call in bytes, or None where it cannot be measured)."""
        def call(*args, **kwargs):
            answer = self.ask(self.call_request(args, kwargs, device=case.device), self.limit(case))
            if "ok" not in answer:
                raise Unanswered(answer)
            out = wire.decode(answer["ok"])
            if not isinstance(out, wire.Array):
                raise Unanswered({"raised": {"kind": "other", "type": "TypeError",
                                             "text": f"returned {getattr(out, 'type_name', type(out).__name__)}, "
                                                     f"expected an array or tensor"}})
            return out.values.astype(np.float64)

        def peak(*args, **kwargs):
            from studyxf.grading.judge import memory

            pid = self.sandbox.runner_pid() if self.sandbox is not None else os.getpid()
            with memory.Peak(pid) as measured:
                out = call(*args, **kwargs)
            return out, measured.growth
        call.peak = peak
        return call

    def limit(self, case: Case | None = None) -> float:
        """How long the judge waits for one answer, by its own clock: the case's limit, and a second
        for carrying the inputs and the answer. The sandbox's alarm at the limit is advice (a file
        can cancel it); this is what decides."""
        return (case.time_limit if case and case.time_limit else wire.CASE_TIMEOUT_S) + wire.CARRY_S

    def ask(self, message: dict, timeout: float) -> dict:
        import time

        if self.gone:
            return {"dead": "gone"}
        if message.get("op") == "call" and message.get("i") in self.answered:
            answer = self.answered.pop(message["i"])
            if "dead" in answer:
                self.gone = answer
            return answer
        left = self.deadline - time.monotonic()
        if left <= 0:
            self.stop(f"the grading ran past {TOTAL_S:.0f} s in all")
            return self.gone
        answer = self.sandbox.ask(message, min(timeout, left))
        if answer.get("dead") == "time-out" and left < timeout:
            answer = {"dead": f"the grading ran past {TOTAL_S:.0f} s in all"}
        if "dead" in answer:
            self.gone = answer
        return answer

    def stop(self, why: str, slow: bool = False) -> None:
        """The sandbox killed; `slow`: for a case the task's time limit judged (revive)."""
        self.gone = {"dead": why, **({"slow": True} if slow else {})}
        if self.sandbox is not None:
            self.sandbox.kill()

    def dead_message(self, answer: dict) -> str:
        if answer.get("dead") == "time-out":
            return (f"time-out: no answer after {answer['timeout']:.0f} s (an infinite loop, or native code that "
                    f"never returns?); the remaining cases were not run")
        return f"{answer.get('dead')}; the remaining cases were not run"

    def raised_message(self, info: dict, inputs: str) -> str:
        return _exception_result(info, None, inputs)[1]

    def call(self, *args, **kwargs) -> np.ndarray:
        """For probes: the learner's function on these inputs, as float64 numpy (raises on failure)."""
        answer = self.ask(self.call_request(args, kwargs), self.limit())
        out = wire.decode(answer["ok"]) if "ok" in answer else None
        if not isinstance(out, wire.Array):
            raise RuntimeError("no array came back")
        return out.values.astype(np.float64)


class Unanswered(Exception):
    """A call made from the judge's side (a driver, a property check) that got no output: the
    sandbox's answer, to be reported as a case's would be."""

    def __init__(self, answer: dict):
        super().__init__(answer.get("dead") or answer.get("raised", {}).get("text", ""))
        self.answer = answer


def _drive(remote: Remote, case: Case, traced: bool, past_the_rule: bool = False, source: str | None = None) -> dict:
    """A case whose driver calls the learner's function many times (kv-cache's decode_step, chunk by
    chunk): the driver runs here, each call a request, what the learner returns handed back to it
    as tensors; the answer as the sandbox would give one case's. `past_the_rule`: each call given
    writable inputs and its output taken where it wrote into them (the caches it was given), so that
    the values are judged beside that rule. `source`: each call made on that edited copy of the
    learner's file (the edit search)."""
    kind = {"torch": False}

    def fn(*args, **kwargs):
        extra = {"writable": True} if past_the_rule else {}
        if source is not None:  # an edited copy: its time limit as repair's (an edit can make a loop endless)
            request = remote.call_request(args, kwargs, "patched", source=source, seconds=case.time_limit or EDIT_S)
        else:
            request = remote.call_request(args, kwargs, seconds=case.time_limit, device=case.device, traced=traced,
                                          **extra)
        answer = remote.ask(request, remote.limit(case))
        if past_the_rule and "out" in answer and answer.get("raised", {}).get("kind") in ("rule", "readonly"):
            answer = {"ok": answer["out"]}
        if "ok" not in answer:
            raise Unanswered(answer)
        return _as_torch(wire.decode(answer["ok"]), kind)
    try:
        out = case.driver(fn, *case.args, **case.kwargs)
    except Unanswered as exc:
        return exc.answer
    except Exception as exc:  # noqa: BLE001 - what the learner returned broke the driver (not a 3-tuple...)
        return {"raised": {"kind": "other", "type": type(exc).__name__, "text": str(exc)[:2000]}}
    encoded = wire.encode(out)
    if encoded.get("t") == "array":
        encoded["torch"] = kind["torch"]  # the learner's arrays were NumPy or torch, not the driver's
    return {"ok": encoded}


def _as_torch(value, kind: dict):
    """An output as it came back -> what the grader's driver works with (tensors)."""
    if isinstance(value, wire.Array):
        kind["torch"] = value.torch
        t = torch.from_numpy(np.array(value.values))
        return t.to(torch.bfloat16) if value.dtype == "bfloat16" else t
    if isinstance(value, (list, tuple)):
        return tuple(_as_torch(v, kind) for v in value)
    return value


def run_case(remote: Remote, index: int, case: Case) -> tuple[dict, Failure | None]:
    """One case, run in the sandbox and judged here: (its test, and what the diagnosis needs)."""
    labelled = case.labelled()
    inputs = judging.describe(labelled)
    test = {"name": case.name, "test_code": case.call}
    answer = remote.run(index, case)
    if "dead" in answer:
        if answer.get("dead") == "time-out" and case.slow_message:
            remote.stop("a previous case ran out of time", slow=True)
            return {**test, "status": "fail", "message": case.slow_message}, \
                Failure(resource=Resource("slow", case.slow_message))
        return {**test, "status": "error", "message": remote.dead_message(answer), "inputs": _preview(labelled)}, None
    if "raised" in answer:
        info = answer["raised"]
        status, message = _exception_result(info, case, inputs)
        if info.get("kind") == "timeout":  # a case that times out ends the run: the rest is not waited on
            remote.stop("a previous case ran out of time", slow=bool(case.slow_message))
        if info.get("kind") == "timeout" and status == "fail":
            fail_info = Failure(resource=Resource("slow", message))
        elif info.get("kind") == "bounds":  # a kernel's lanes past a tensor's end: the values judged too
            fail_info = _past_the_rule(remote, index, case, answer, inputs)
            fail_info.bounds = {"message": message, "line": info.get("line")}
        elif info.get("kind") in ("rule", "readonly"):
            fail_info = _past_the_rule(remote, index, case, answer, inputs)
            fail_info.rule = message
            fail_info.arrays = [k for k, v in labelled.items() if isinstance(v, torch.Tensor)]
        else:
            first_shape = next((tuple(a.shape) for a in labelled.values() if hasattr(a, "shape")), ())
            fail_info = Failure(raised=Raised(info.get("type", "Exception"), info.get("text", "").splitlines()[0]
                                              if info.get("text") else "", case.name,
                                              "mask" in labelled or "memory_mask" in labelled, first_shape, index,
                                              case)) if status == "error" else None
        return {**test, "status": status, "message": message, "inputs": _preview(labelled)}, fail_info
    decoded = wire.decode(answer["ok"])
    typed = _stated_type(decoded, case)
    if typed and case.validate is not None:
        return _validated_past_the_type(case, decoded, typed, test, labelled)
    message, got, dname, promoted = _check_output(decoded, case, inputs)
    if typed:  # the task's stated type: a rule of its own, the values still judged beside it
        got = got if message else None
        message = judging.Failed(typed + (f"; and {message}" if message else ""), judging.kind_of(message))
    # a validated case whose slips are simulated (case.variant): its answer, passing or not, decides
    # which slips fit (_simulated)
    answer = Answer(_plain(decoded), case) if case.validate is not None and case.variant else None
    if not message:
        return {**test, "status": "pass", "message": None}, (Failure(answer=answer) if answer else None)
    # how it failed: a smaller input must fail the same way (shrink.py)
    info = Failure(test=f"{case.name}: {message}", failure=judging.kind_of(message), type_rule=typed or None,
                   **_shape_or_dtype(decoded, case, message))
    if promoted:
        info.promoted = "torch" if getattr(decoded, "torch", False) else "numpy"
        info.promoted_case = (index, case)
    if info.dtype_integer or info.dtype_lowered:
        info.promoted_case = (index, case)  # where the integer or narrower array is traced from
    if info.failure == "shape" and case.validate is None:
        info.misshapen = case  # an array of another shape: the edit search may mend it (repair.py)
    if getattr(message, "mistake", None):  # a validator that recognised the slip (LeetCode drills)
        info.named, info.readings = message.mistake, message.readings
        message = str(message)
    elif case.validate is not None:
        info.readings = ()  # a failing case that fits no known slip
    if case.validate is not None:
        info.validated = case
    if answer:
        answer.failed = True
        info.answer = answer
    if got is not None and case.device is None:
        # mistakes are named from the float32/float64 cases; a half copy's rounding (--device cuda)
        # would hide the match
        info.values = Mismatch(got, case.ref(), dname, case, index, case.variant_of)
    return {**test, "status": "fail", "message": message, "inputs": _preview(labelled)}, info


def _past_the_rule(remote: Remote, index: int, case: Case, answer: dict, inputs: str) -> Failure:
    """An input modified in place: the output judged as well (the call run again on writable copies
    where a read-only NumPy input stopped it), so that a value slip beside the rule is named too:
    the failure with its values, or without when they pass or cannot be had."""
    if case.validate is not None or case.device is not None or remote.gone:
        return Failure()
    if case.driver is not None:  # driven again, each call on writable copies, its output taken past the rule
        answer = _drive(remote, case, traced=False, past_the_rule=True)
        answer = {"out": answer["ok"]} if "ok" in answer else answer
    elif "out" not in answer and answer["raised"].get("kind") == "readonly":
        answer = remote.ask(remote.case_request(index, case) | {"writable": True}, remote.limit(case))
    if "out" not in answer:
        return Failure()
    out = wire.decode(answer["out"])
    message, got, dname, promoted = _check_output(out, case, inputs)
    if message and got is None and judging.kind_of(message) == "shape":  # an output of another shape beside
        # the edit (an einsum's axes): the edit search may mend it, on writable inputs (fresh.py)
        return Failure(test=f"{case.name}: {message}", failure="shape", misshapen=case)
    if not message or got is None:
        return Failure()
    said = Failure(test=f"{case.name}: {message}", failure=judging.kind_of(message),
                   values=Mismatch(got, case.ref(), dname, case, index, case.variant_of))
    if promoted:  # a dtype promoted beside the in-place edit is a cause of its own too (a third, with a value slip)
        said.promoted, said.promoted_case = "torch" if getattr(out, "torch", False) else "numpy", (index, case)
    return said


def _forbidden_line(used: str, why: dict) -> str:
    """One forbidden use, in words: a named call with the drill's reason, or where torch computed in
    a Triton drill ("torch.exp at line 12: in a Triton drill torch may only ...")."""
    from studyxf.grading.judge.kernel_rule import RULE

    if used not in why and RULE in why and " at line " in used:
        return f"{used}: {why[RULE]}"
    from studyxf.grading.judge.source_rules import COMPUTED, COMPUTED_WHY

    if used not in why and (used in COMPUTED.values() or used.endswith("with a computed name")):
        return f"uses {used}: not allowed here ({COMPUTED_WHY})"
    return f"uses {used}: not allowed here ({why.get(used, INTERNAL_WHY)})"


def _mended(source: str | None, remote: Remote, cases: list, failing: list, steps: list, walk: dict,
            smallest_case) -> tuple[list[dict], bool] | None:
    """One edit of the file (or two, a double slip), read off the walk (mend.py), that mends the
    walked input, then every case that failed on its answer, and keeps every case that passed; a
    case that raised or ran out of time is another cause, said on its own, unless the edit mends it
    too. The causes, and whether such cases are left. Bounded in calls, never in seconds."""
    from studyxf.grading.judge import mend

    if source is None or remote.gone:
        return None
    other = {id(f.case) for f in failing if f.raised is not None or f.resource is not None}
    slow = {f.resource.message for f in failing if f.resource is not None and f.resource.kind == "slow"}
    other |= {id(c) for c in cases if c.slow_message and c.slow_message in slow}  # its Failure holds no case
    judged = [c for c in cases if id(c) not in other]
    raised = [c for c in cases if id(c) in other]

    def others(candidate) -> bool:
        """Whether cases this edit was not asked to mend are left (it mends none, or not all)."""
        return bool(other) and not all(mend.fixes(candidate, c, remote) for c in raised)

    wrong = {f.case.name for f in failing if f.case is not None and id(f.case) not in other}
    # an edit (or two) that mends every case but one that failed, which fails for a cause of its own (a table of
    # 256 characters beside a window's two slips): kept, said where nothing mends every case
    but: list = []

    def unmended(candidate) -> list:
        """The judged cases the edited file fails, up to two (a passing case broken: all of them)."""
        left = []
        for c in judged:
            if not mend.fixes(candidate, c, remote):
                if c.name not in wrong or len(left) == 1:
                    return judged
                left.append(c)
        return left

    singles = mend.candidates(source, steps)
    for candidate in singles:
        if remote.gone or not mend.fixes(candidate, smallest_case, remote, shrunk=True):
            continue
        left = unmended(candidate)
        if not left:
            return [mend.entry(candidate, walk, others(candidate))], others(candidate)
        but = but or ([([candidate], left[0])] if len(left) == 1 else [])
    for a, b, both in mend.pairs(source, singles):  # a double slip: two edits, each cause at its line
        if remote.gone or not mend.fixes(both, smallest_case, remote, shrunk=True):
            continue
        left = unmended(both)
        if not left:
            left = others(both)
            return [mend.entry(a, walk, left, both=b), mend.entry(b, None, left, both=a)], left
        but = but or ([([a, b], left[0])] if len(left) == 1 else [])
    for candidate in singles[:mend.BESIDE]:  # one edit beside a slip the validator names (values for indices)
        known = None if remote.gone else mend.beside_a_known_slip(candidate, judged, wrong, remote)
        if known:
            return [mend.entry(candidate, walk, bool(other), known=known),
                    {"mistake": known, "message": "(measured: with the edit above made, every case still failing "
                                                  "gives this)", "verified": True}], bool(other)
    if but:  # the edits' causes, and the case they leave failing, a cause of its own
        (edits, case), = but
        said = [mend.entry(e, walk if e is edits[0] else None, True, both=next((o for o in edits if o is not e), None),
                           but=case.name) for e in edits]
        return said, True
    return None


def run(req: Request, remote: Remote, framework: str, banned: list[str], emit,
        half_device: str | None = None) -> dict:
    """Judge every case of the drill from the outputs the sandbox sends; with half_device (the GPU),
    torch submissions also get fp16 and bf16 copies of the float32 cases there."""
    grader = load_grader(req.folder)
    why = {f["name"]: f["why"] for f in req.forbidden}
    tests, failing, cases = [], [], []

    def record(test, fail_info=None, device=None):
        test.setdefault("message", None)
        test.setdefault("output", None)
        test.setdefault("device", device or "cpu")  # where the learner's code ran this test (docs/grading.md)
        tests.append(test)
        emit(test)
        if fail_info is not None:
            failing.append(fail_info)

    if banned:
        record({"name": "forbidden", "status": "fail",
                "message": "; ".join([_forbidden_line(b, why) for b in banned[:4]] +
                                     ([f"and {len(banned) - 4} more"] if len(banned) > 4 else []))})
    if req.kind == "module":
        from studyxf.grading.judge import module_drill

        def judge_module(out, ref, dname, engine_err, inputs):
            if not isinstance(out, wire.Array) or not out.torch:
                shown = out.type_name if isinstance(out, wire.Opaque) else type(out).__name__
                return f"forward returned {shown}, expected a tensor"
            if out.values.shape != ref.shape:
                return f"shape: expected {ref.shape}, got {out.values.shape} (inputs {inputs})"
            if out.dtype != dname:
                return f"dtype: expected {dname}, got {out.dtype} (inputs {inputs})"
            return judging.compare(out.values.astype(np.float64), ref, dname, engine_err, inputs)

        configs: list = []  # each config whose layers were mapped, for the edits (repair.py)
        for test, info in module_drill.run(remote, grader, judge_module, req.entry, configs):
            record(test, info)
    else:
        cases = grader.cases()
        if half_device and framework == "torch":
            cases += half_precision(cases, half_device)
        for index, case in enumerate(cases):
            if remote.gone:
                record({"name": case.name, "status": "error", "message": f"not run: {remote.gone.get('dead')}"})
                continue
            record(*run_case(remote, index, case), device=case.device)
            for check in case.checks:  # decided here, from the outputs of calls made for it
                check = check if isinstance(check, Check) else Check(*check)  # (name, fn) of an older drill
                name = check.name
                try:
                    msg = check.check(remote.checker(case))
                except Unanswered as exc:
                    answer = exc.answer
                    record({"name": name, "status": "error", "message": remote.dead_message(answer) if "dead" in answer
                            else remote.raised_message(answer["raised"], "")})
                else:
                    # a memory check that fails is a cause of its own, said first (docs/grading.md)
                    record({"name": name, "status": "fail" if msg else "pass", "message": msg},
                           Failure(resource=Resource("memory", msg)) if msg and check.kind == "memory" else None)
    status = "pass" if tests and all(t["status"] == "pass" for t in tests) else "fail"
    if status == "fail" and any(f.resource is None for f in failing):
        remote.revive()  # too slow, and wrong on other cases: those are explained in a fresh sandbox
    from studyxf.grading.judge.diagnose import diagnose

    named = diagnose(grader, failing, remote, req) if status == "fail" else []
    from studyxf.grading.judge.diagnose import _source

    source = _source(req) if status == "fail" else None  # read once for the edits, the walk and the mending
    if status == "fail" and not banned:  # the edits that mend the file (a diagnosis that said nothing too)
        from studyxf.grading.judge import repair

        if req.kind in ("function", "numeric"):
            wrong, resource = repair.wrong_cases(failing)
            if any(d.get("comparator") == "own-check" for d in named):  # the cases the file's own check
                rejected = {id(f.case) for f in failing if f.raised is not None}  # rejects: said, no edit asked
                wrong, resource = [c for c in wrong if id(c) not in rejected], resource | rejected
            named = repair.repaired(named, source, req.entry, remote, cases, wrong, framework, grader, resource,
                                    numeric=req.kind == "numeric", signature=req.signature)
            if source and "triton" in source:  # a kernel: too slow in the interpreter for repair's search
                from studyxf.grading.judge import kernel_repair

                named = kernel_repair.repaired(named, source, req.entry, remote, cases, wrong, framework, grader,
                                               req, resource)
        elif req.kind == "module":
            named = repair.repaired(named, source, req.entry, remote, configs, [c for c in configs if c.failed],
                                    framework, grader)
    # "nothing names a cause" said before the edits, which then named one: no longer true
    named = [d for d in named if d.get("comparator") != "nothing" or not any(e.get("verified") for e in named)]
    # (and a line given to the edits alone, beside a probe's measured words, that no edit verified: not said)
    from studyxf.grading.judge.diagnose import SEARCH_ONLY

    named = [{k: v for k, v in d.items() if k != SEARCH_ONLY} for d in named
             if not (d.get(SEARCH_ONLY) and not d.get("verified"))]
    if named:
        from studyxf.grading.judge import shrink

        # the smallest input that still fails the same way, shown with the first cause the values give
        small = shrink.smallest(failing, remote, source)
        entry = next((d for d in named if d["mistake"] not in shrink.NOT_OF_VALUES), None)
        if small and entry is not None:
            walk, steps, shrunk = small.pop("walk", None), small.pop("steps", None), small.pop("shrunk")
            smallest_case = small.pop("case")
            if shrunk:
                entry["smallest"] = small
            if walk:  # the learner's loop on that input, line by line (an algorithmic drill)
                entry["walk"] = {**small, "steps": walk}
                mended = _mended(source, remote, cases, failing, steps, entry["walk"], smallest_case) \
                    if entry["mistake"] == "measured" else None
                if mended is not None:
                    cause, crashes_left = mended
                    at = named.index(entry)
                    named[at:at + 1] = [{**cause[0], **({"smallest": small} if shrunk else {})}, *cause[1:]]
                    if not crashes_left:  # the edit mends the crashes too: they are not a cause of their own
                        named = [d for d in named if d["mistake"] != "raised" or d.get("verified")]
    if named and source:  # a catalogued slip still without its line (the walk's too): the one line of its form
        from studyxf.grading.judge import slip_code

        named = slip_code.placed(named, source)
        if getattr(grader, "FORMULA", None):  # a calculator's slip still without its line: read as its term
            from studyxf.grading.judge import units

            named = units.placed(named, grader, source)
    from studyxf.grading.judge import verify
    from studyxf.grading.judge.diagnose import widened_where

    named = widened_where(named)

    return {"version": 2, "status": status, "message": None, "tests": tests, "drill": req.drill,
            "diagnosis": verify.with_topics(grader, named)}
