"""The sandbox's side of a call, for both sandboxes (the forked one and the fresh interpreter):
finding the learner's entry point, and what an exception was, as data. No torch, no engine, no
grader here: the fresh interpreter imports this module."""

from __future__ import annotations

import os

from studyxf.grading.guards import CaseTimeout, ForbiddenCall

INPUT_MODIFIED = ("the function modified one of its inputs in place: work on a copy "
                  "(x = x.clone(), or out-of-place ops: x - m instead of x -= m)")


class RuleBroken(Exception):
    """A rule the task states (an input modified, a cache written in place), broken inside a case:
    that case fails with the message, it is not the learner's crash."""


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
