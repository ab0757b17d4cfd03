"""The sandbox's side of a call: finding the learner's entry point, the checks bound before the
learner's file is imported (input edits, gradients), and what an exception was, as data. No
engine and no grader here."""

from __future__ import annotations

import os

from studyxf.grading.sandbox.guards import CaseTimeout, ForbiddenCall

from studyxf.grading.wire import INPUT_MODIFIED  # noqa: F401 - fresh.py raises it from here


# what the checks made inside the sandbox call, bound before the learner's file is imported: a file
# that replaces torch.equal, Tensor.clone or autograd's functions afterwards does not change them
BOUND: dict = {}


def bind(torch) -> None:
    """Called by the sandbox before the learner's file is imported (the judge's in-process tests
    bind at the first use: they run trusted files)."""
    import numpy as np

    BOUND.update(tobytes=np.ndarray.tobytes, ndarray=np.ndarray)
    if torch is not None:
        BOUND.update(Tensor=torch.Tensor, equal=torch.equal, clone=torch.Tensor.clone, grad=torch.autograd.grad,
                     detach=torch.Tensor.detach, requires_grad_=torch.Tensor.requires_grad_,
                     pow=torch.Tensor.pow, sum=torch.Tensor.sum,
                     named_parameters=torch.nn.Module.named_parameters, Module=torch.nn.Module)


TORCH_UNSEEN = ("the function imported torch while running, under a spelling the grader cannot read (importlib or "
                "__import__): write `import torch` in the file, so that it is graded as a torch file")


def kept(value):
    """A copy of an input, to compare with after the call (a NumPy array's bytes: the array is
    read-only, but its flags can be changed back)."""
    if not BOUND:
        import sys

        bind(sys.modules.get("torch"))
    if BOUND.get("Tensor") is not None and isinstance(value, BOUND["Tensor"]):
        return ("tensor", BOUND["clone"](BOUND["detach"](value)))
    if isinstance(value, BOUND["ndarray"]):
        return ("array", value.shape, str(value.dtype), BOUND["tobytes"](value))
    return None


def same(before, now) -> bool:
    if before[0] == "tensor":
        return BOUND["equal"](before[1], BOUND["detach"](now))
    return (before[1:3] == (now.shape, str(now.dtype))) and before[3] == BOUND["tobytes"](now)


class RuleBroken(Exception):
    """A rule the task states (an input modified, a cache written in place), broken inside a case:
    that case fails with the message, it is not the learner's crash."""


class OutOfBounds(RuleBroken):
    """A Triton kernel's load or store past the memory of the tensor it reads or writes (kept in bounds
    by kernel_guard.py): the case fails, and what the call returned is judged beside it."""

    def __init__(self, past: list[dict], out):
        def one(p):
            return (f"{'reads' if p['op'] == 'load' else 'writes'} past the end of "
                    f"{'`' + p['param'] + '`' if p.get('param') else 'a tensor'}"
                    f"{' at line ' + str(p['line']) if p.get('line') else ''} ({p['lanes']} lane"
                    f"{'s' if p['lanes'] != 1 else ''})")
        super().__init__(f"the kernel {', and '.join(one(p) for p in past[:3])}: on a GPU that memory holds whatever "
                         f"lies there; mask every lane of a load or store that can leave its tensor")
        self.out, self.line = out, past[0].get("line")


def entry_point(namespace: dict, entry: str, kind: str, method: str | None, drill: str):
    """The learner's callable, or the message saying what the file lacks."""
    fn = namespace.get(entry)
    if kind == "leetcode":  # LeetCode's own signature: each case calls a fresh Solution()
        if not isinstance(fn, type) or not callable(getattr(fn, method or "", None)):
            return None, f"the file defines no `class {entry}` with a method `{method}`"
        cls = fn

        def call(*args, **kwargs):
            return getattr(cls(), method)(*args, **kwargs)
        return call, None
    if not callable(fn):
        return None, f"the file defines no `{entry}` (the entry point of {drill})"
    return fn, None


def raised(exc: BaseException) -> dict:
    """What an exception was, as data for the judge."""
    text = str(exc)
    if isinstance(exc, ForbiddenCall):
        kind = "forbidden"
    elif isinstance(exc, OutOfBounds):
        return {"kind": "bounds", "type": type(exc).__name__, "text": text[:2000], "line": exc.line}
    elif isinstance(exc, RuleBroken):
        kind = "rule"
    elif isinstance(exc, ValueError) and "read-only" in text:
        kind = "readonly"
    elif isinstance(exc, SystemExit):
        kind, text = "exit", str(exc.code)
    elif isinstance(exc, CaseTimeout):
        kind = "timeout"
    elif isinstance(exc, MemoryError):
        kind = "memory"
    else:
        kind = "other"
    return {"kind": kind, "type": type(exc).__name__, "text": text[:2000]}


def reply(out, message: dict) -> None:
    """One answer to the judge; a judge that has gone (its pipe closed) ends this process."""
    from studyxf.grading import wire

    try:
        wire.send(out, message)
    except (BrokenPipeError, OSError):
        os._exit(0)
