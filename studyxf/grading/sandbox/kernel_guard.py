"""Triton's interpreter (TRITON_INTERPRET=1, the CPU grading) runs a kernel's loads and stores on
the process's own memory: a lane past a tensor's end reads, or overwrites, whatever lies there (the
heap allocator's records: "free(): invalid next size", a crash on some runs and not on others, and
outputs that differ from run to run). Here each launch's lanes are kept to the memory of the tensors
it was given, the others masked off: a store past the end is dropped, a load there reads `other`
(or 0). A kernel's output is then the same on every run, and the process lives on to be asked why
(kernel_trace.py, which wraps these methods, still counts the lanes the kernel's own mask let past
the end). A correct kernel touches no other memory, so nothing it does changes. For the same reason
torch fills the memory it allocates uninitialised (torch.empty) with NaN here: an element no program
writes reads NaN on every run."""

from __future__ import annotations

import os
import sys

import numpy as np


def install() -> bool:
    """Guard the interpreter's loads and stores (once, where the learner's file imported triton and
    TRITON_INTERPRET=1): whether the guard is in place."""
    if os.environ.get("TRITON_INTERPRET") != "1" or "triton" not in sys.modules:
        return False
    from triton.runtime import interpreter

    builder = interpreter.InterpreterBuilder
    if getattr(builder, "_studyxf_guarded", False):
        return True
    import triton.language as tl

    ranges: list = []  # the running launch's tensors: (name, start, end) of their memory, in bytes; [] = unknown
    load, store, call = builder.create_masked_load, builder.create_masked_store, interpreter.GridExecutor.__call__

    def within(op, ptrs, mask):
        if not ranges:
            return mask
        addr = np.asarray(ptrs.data).astype(np.int64)
        on = np.broadcast_to(np.asarray(mask.data, dtype=bool), addr.shape)
        if not addr.size or not on.any():
            return mask
        # the tensor the access is of: the one that holds its lowest address, masked lanes included
        # (a tile starts inside its own tensor; lanes past a's end that land in b's memory are past
        # a's end all the same, wherever the allocator put b); else the one holding most lanes
        low = int(addr.min())
        owner = next(((name, start, end) for name, start, end in ranges if start <= low < end), None)
        if owner is None:
            held = [(int((on & (addr >= start) & (addr < end)).sum()), name, start, end) for name, start, end in ranges]
            most, *owner = max(held, key=lambda h: h[0])
            owner = tuple(owner) if most else (None, 0, 0)
        name, start, end = owner
        lanes = addr if on.all() else addr[on]
        if start <= int(lanes.min()) and int(lanes.max()) < end:  # the common case, cheaply
            return mask
        inside = (addr >= start) & (addr < end)
        outside = int((on & ~inside).sum())
        key = (op, name, _kernel_line())
        PAST[key] = PAST.get(key, 0) + outside
        return interpreter.TensorHandle(on & inside, tl.int1)

    def masked_load(self, ptrs, mask, other, cache_policy, is_volatile):
        return load(self, ptrs, within("load", ptrs, mask), other, cache_policy, is_volatile)

    def masked_store(self, ptrs, value, mask, cache_policy):
        return store(self, ptrs, value, within("store", ptrs, mask), cache_policy)

    def launched(executor, *args, **kwargs):
        saved = list(ranges)
        names = list(getattr(executor, "arg_names", None) or [])
        ranges[:] = _memory([*zip(names, args), *kwargs.items()])
        try:
            return call(executor, *args, **kwargs)
        finally:
            ranges[:] = saved

    builder.create_masked_load, builder.create_masked_store = masked_load, masked_store
    interpreter.GridExecutor.__call__ = launched
    builder._studyxf_guarded = True
    torch = sys.modules.get("torch")
    if torch is not None:  # torch.empty's elements a kernel never writes: NaN every run, not what lay there
        torch.use_deterministic_algorithms(True, warn_only=True)
    return True


PAST: dict = {}  # (op, tensor, line) -> lanes past that tensor's memory, in order (take() reads them)


def take() -> list[dict]:
    """The accesses past a tensor's memory since the last take(), the first first: [{"op", "param",
    "lanes", "line"}], cleared."""
    out = [{"op": op, "param": param, "line": line, "lanes": lanes} for (op, param, line), lanes in PAST.items()]
    PAST.clear()
    return out


def _kernel_line() -> int | None:
    """The line of the kernel's body running (the interpreter runs it under the learner's file name):
    the first frame out of this file, triton's and NumPy's."""
    import triton

    skip = tuple(os.path.dirname(m.__file__) + os.sep for m in (triton, np))
    f = sys._getframe(2)
    while f is not None:
        name = f.f_code.co_filename
        if name != __file__ and not name.startswith(skip):
            return f.f_lineno
        f = f.f_back
    return None


def tensor_span(value) -> tuple | None:
    """A kernel's argument as the tensor it is (a TensorWrapper's base), its strides and its span in
    elements (1 + the sum of (size - 1) * stride; 0 when empty); None where it is no tensor."""
    value = getattr(value, "base", value) if type(value).__name__ == "TensorWrapper" else value
    if not (hasattr(value, "data_ptr") and hasattr(value, "element_size") and hasattr(value, "stride")):
        return None
    strides = [int(s) for s in value.stride()]
    return value, strides, (1 + sum((n - 1) * s for n, s in zip(value.shape, strides)) if value.numel() else 0)


def _memory(values: list) -> list:
    """(name, start, end) of each tensor argument's memory; [] where one cannot be read (a negative
    stride): the launch then runs unguarded, as written."""
    out = []
    for name, value in values:
        held = tensor_span(value)
        if held is None or held[0].numel() == 0:
            continue
        value, strides, span = held
        if min(strides, default=0) < 0:
            return []
        start = int(value.data_ptr())
        out.append((name, start, start + span * int(value.element_size())))
    return out
