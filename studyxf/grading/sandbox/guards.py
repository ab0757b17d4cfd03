"""Guards inside the sandbox, advice only (the judge's static check of the source decides): a
drill's forbidden torch entry points raise when called, and each case's time limit (SIGALRM)."""

from __future__ import annotations

import contextlib
import os
import signal

from studyxf.grading.wire import CASE_TIMEOUT_S


class ForbiddenCall(Exception):
    pass


def install(forbidden: list[dict]) -> None:
    """Advice only, as docs/grading.md says: the static check of the source is what decides. Imports torch
    (the sandbox of a NumPy file never does)."""
    import torch
    import torch.nn.functional as F
    from torch import nn

    for item in forbidden:
        name, why = item["name"], item["why"]
        for module, label in ((F, "F"), (torch, "torch"), (nn, "nn")):
            target = getattr(module, name, None)
            if target is None:
                continue
            message = f"{label}.{name} is not allowed here: {why}"
            if isinstance(target, type):
                def blocked_init(self, *a, _m=message, **k):
                    raise ForbiddenCall(_m)
                setattr(module, name, type(name, (nn.Module,), {"__init__": blocked_init}))
            else:
                def blocked(*a, _m=message, **k):
                    raise ForbiddenCall(_m)
                setattr(module, name, blocked)


class CaseTimeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float = CASE_TIMEOUT_S):
    """Interrupt Python code that runs past `seconds` (SIGALRM): that case becomes an error and
    grading goes on. Native code that never returns to Python is left to the parent's time-out."""
    def on_alarm(signum, frame):
        raise CaseTimeout(f"time-out: still running after {seconds:g} s (an infinite loop, or far too slow?)")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
