"""Sandbox side of the localisation: one call of the learner's function run again under
`sys.settrace`, recording after each executed line of the learner's file the arrays, tensors and
numbers its local names were bound to (copies, capped), and where an exception left it. The
judge matches them with its reference's steps (localise.py); here nothing is judged.

sys.monitoring would be cheaper but needs Python 3.12; the trace runs only on a failing case."""

from __future__ import annotations

import sys
import zlib

import numpy as np

MAX_EVENTS = 600  # recorded values in all
MAX_PER_LINE = 12  # values recorded per (line, name): a loop's first iterations and its last
MAX_ITEMS = 50_000  # elements of one recorded array (bigger ones are skipped)
MAX_TOTAL = 1_500_000  # elements recorded in all


def _dtype(value) -> str | None:
    """The dtype a local held before _as_array widened it to float64 (where a promotion happened)."""
    dtype = getattr(value, "dtype", None)
    return str(dtype).removeprefix("torch.") if dtype is not None else None


def _as_array(value):
    """A local's value as a NumPy array (float64, bool or complex), or None when it is not data."""
    mod = type(value).__module__ or ""
    if mod.startswith("torch") and hasattr(value, "detach") and hasattr(value, "dtype"):
        t = value.detach()
        if getattr(t, "is_sparse", False) or t.numel() > MAX_ITEMS:
            return None
        try:
            t = t.cpu()
            if t.dtype.is_floating_point:
                return t.double().numpy().copy()
            if t.is_complex():
                return t.numpy().astype(np.complex128)
            return t.numpy().copy()
        except (RuntimeError, TypeError):
            return None
    if isinstance(value, (np.ndarray, np.generic)):
        arr = np.asarray(value)
        if arr.dtype == object or arr.size > MAX_ITEMS or not (np.issubdtype(arr.dtype, np.number) or arr.dtype == bool):
            return None
        return arr.astype(np.float64) if np.issubdtype(arr.dtype, np.floating) else arr.copy()
    if type(value) in (int, float) and not isinstance(value, bool):
        return np.asarray(value, np.float64)
    return None


def _fingerprint(arr: np.ndarray) -> tuple:
    return arr.shape, str(arr.dtype), zlib.crc32(np.ascontiguousarray(arr).view(np.uint8))


# What np.empty and torch.empty hand out while a call is traced: a NaN with a payload of its own
# (float64, float32), so a line that wrote only part of such an array is known as half-written and
# not recorded. Its unwritten part held whatever memory the allocator handed back, which changed a
# goldens report with the files graded before it; a plain NaN or 0 there matched reference steps
# (kv-cache's causal-top-left was blamed on 'cache_v divided by cache_k').
UNWRITTEN64 = 0x7FF857D1DEAD0001
UNWRITTEN32 = 0x7FC57D1F
_UNWRITTEN_AS64 = (UNWRITTEN64, int(np.array([UNWRITTEN32], np.uint32).view(np.float32).astype(np.float64)
                                    .view(np.uint64)[0]))


def unwritten(arr: np.ndarray) -> bool:
    """Whether an array (as _as_array made it) still holds memory a traced allocator handed out."""
    if arr.dtype != np.float64 or arr.size == 0:
        return False
    nan = np.isnan(arr)
    return bool(nan.any() and np.isin(arr[nan].view(np.uint64), _UNWRITTEN_AS64).any())


def _filled(make, fill):
    """`make` (np.empty, torch.empty_like...) whose result is filled with the unwritten mark."""
    def made(*args, **kwargs):
        out = make(*args, **kwargs)
        try:
            fill(out)
        except Exception:  # noqa: BLE001 - an array that cannot be filled (a leaf that needs grad) stays as made
            pass
        return out
    return made


def _np_fill(a):
    if a.dtype in (np.float64, np.float32):
        a.view(np.uint64 if a.dtype == np.float64 else np.uint32)[...] = UNWRITTEN64 if a.dtype == np.float64 \
            else UNWRITTEN32
    else:
        a.fill(0)


def _torch_fill(t):
    import torch

    if t.dtype in (torch.float64, torch.float32) and t.is_contiguous():
        t.view(torch.int64 if t.dtype == torch.float64 else torch.int32).fill_(
            UNWRITTEN64 if t.dtype == torch.float64 else UNWRITTEN32)
    else:
        t.zero_()


class Watched:
    """Runs a call under sys.settrace with the subclass's `_global` as the trace function, with the
    allocators of uninitialised memory filling what they make (a trace of the learner's locals
    must not depend on what the process allocated before)."""

    def run(self, thunk):
        """thunk() under the trace; returns its result (exceptions propagate)."""
        swaps = [(np, name, _np_fill) for name in ("empty", "empty_like")]
        torch = sys.modules.get("torch")
        if torch is not None:
            swaps += [(torch, name, _torch_fill) for name in ("empty", "empty_like")]
        kept = [(mod, name, getattr(mod, name)) for mod, name, _ in swaps]
        for (mod, name, fill), (_, _, original) in zip(swaps, kept):
            setattr(mod, name, _filled(original, fill))
        old = sys.gettrace()
        sys.settrace(self._global)
        try:
            return thunk()
        finally:
            sys.settrace(old)
            for mod, name, original in kept:
                setattr(mod, name, original)


class Tracer(Watched):
    """Records what each executed line of `path` left in its frame's local names."""

    def __init__(self, path: str, entry: str | None = None):
        self.path, self.entry = path, entry
        self.entries: list[list] = []  # each call of the entry function: its arguments, in order
        self.current = -1  # the entry call now running (a driver calls it once per chunk)
        self.events: list[dict] = []
        self.raised: dict | None = None
        self.total = 0
        self._seen: dict = {}  # frame id -> {name: fingerprint}
        self._line: dict = {}  # frame id -> the line now executing
        self._count: dict = {}  # (line, name) -> times recorded
        self._last: dict = {}  # (call, line, name) -> the index of its latest event
        self._calls: dict = {}  # frame id -> the number of the call it runs

    def _record(self, frame, line: int | None) -> None:
        if line is None:
            return
        seen = self._seen.setdefault(id(frame), {})
        for name, value in list(frame.f_locals.items()):
            if len(self.events) >= MAX_EVENTS or self.total >= MAX_TOTAL:
                return
            arr = _as_array(value)
            if arr is None:
                continue
            fp = (_fingerprint(arr), _dtype(value))  # a cast alone (float32 -> float64) is a new value too
            if seen.get(name) == fp or unwritten(arr):  # half-written: its other part is the allocator's
                continue
            seen[name] = fp
            if id(frame) not in self._calls:
                self._calls[id(frame)] = self._ncalls = getattr(self, "_ncalls", -1) + 1
            call = self._calls[id(frame)]
            key = (call, line, name)
            n = self._count.get(key, 0)
            self._count[key] = n + 1
            event = {"line": line, "name": name, "value": arr, "depth": self._depth(frame), "call": call,
                     "entry": self.current, "site": self._site(frame), "dtype": _dtype(value)}
            if n >= MAX_PER_LINE:  # a loop: the latest value replaces the last one kept
                self.events[self._last[key]] = event
                continue
            self._last[key] = len(self.events)
            self.total += arr.size
            self.events.append(event)

    def _site(self, frame) -> int:
        """The line running in the outermost frame of the learner's file (a helper's call site)."""
        line, f = frame.f_lineno, frame.f_back
        while f is not None:
            if f.f_code.co_filename == self.path:
                line = f.f_lineno
            f = f.f_back
        return line

    def _depth(self, frame) -> int:
        depth, f = 0, frame.f_back
        while f is not None:
            depth += f.f_code.co_filename == self.path
            f = f.f_back
        return depth

    def _local(self, frame, event, arg):
        key = id(frame)
        if event == "line":
            self._record(frame, self._line.get(key))
            self._line[key] = frame.f_lineno
        elif event == "return":
            self._record(frame, self._line.get(key))
            parts = list(arg) if type(arg) in (tuple, list) and len(arg) <= 4 else []
            for i, part in enumerate(parts):  # a tuple returned (out, cache_k, cache_v): each part
                arr = _as_array(part)
                if arr is not None and not unwritten(arr) and len(self.events) < MAX_EVENTS:
                    self.events.append({"line": frame.f_lineno, "name": f"<return>[{i}]", "value": arr,
                                        "depth": self._depth(frame), "call": self._calls.get(key, -1),
                                        "entry": self.current, "dtype": _dtype(part)})
            arr = _as_array(arg)
            if arr is not None and not unwritten(arr) and len(self.events) < MAX_EVENTS and arr.size <= MAX_ITEMS:
                self.events.append({"line": frame.f_lineno, "name": "<return>", "value": arr,
                                    "depth": self._depth(frame), "call": self._calls.get(key, -1),
                                    "entry": self.current, "site": self._site(frame), "dtype": _dtype(arg)})
            self._seen.pop(key, None)
            self._line.pop(key, None)
            self._calls.pop(key, None)
        elif event == "exception" and self.raised is None:
            shapes = {}
            for name, value in list(frame.f_locals.items()):
                shape = getattr(value, "shape", None)
                if shape is not None and not callable(shape):
                    try:
                        shapes[name] = [int(s) for s in shape]
                    except (TypeError, ValueError):
                        pass
            self.raised = {"line": frame.f_lineno, "shapes": shapes}
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename != self.path:
            return None
        if self.entry and frame.f_code.co_name == self.entry and len(self.entries) < 16:
            code = frame.f_code
            names = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
            self.entries.append([_as_array(frame.f_locals.get(n)) for n in names])
            self.current = len(self.entries) - 1
        return self._local

    def as_data(self) -> dict:
        from studyxf.grading import wire

        return {"events": [{"line": e["line"], "name": e["name"], "depth": e["depth"], "call": e.get("call", 0),
                            "entry": e.get("entry", -1), "site": e.get("site", e["line"]), "scalar": e["value"].ndim == 0,
                            "dtype": e.get("dtype"), "v": wire.encode(e["value"])}
                           for e in self.events],
                "entries": [[None if a is None else {"scalar": a.ndim == 0, "v": wire.encode(a)} for a in args]
                            for args in self.entries],
                "raised_at": self.raised}
