"""Sandbox side of a Triton kernel's localisation (issue 44): one call of the learner's function run
in Triton's interpreter with each program instance of its kernels watched. Recorded, as data for
the judge (kernel_localise.py), nothing judged here:

- each launch: the grid, and which of the kernel's pointer arguments are the call's inputs and
  which its output (by the tensor's memory);
- for every program instance, the elements of each tensor its stores write (the grid's coverage);
- for the program instances the judge asks for: the elements each load reads, and after each line
  of the kernel the values of the names that line assigns (tl.tensors as NumPy arrays), with the
  number of times the line has run in that program (the iteration of its loop).

The interpreter runs the kernel's body as Python compiled under the learner's file name and line
numbers, with NumPy-backed tensors: sys.settrace sees its frames as it sees the learner's other
functions (trace.py). Runs only where TRITON_INTERPRET=1 (the CPU grading)."""

from __future__ import annotations

import ast
import sys

import numpy as np

from studyxf.grading.sandbox import kernel_guard

MAX_EVENTS = 3000  # values recorded in all
MAX_ITEMS = 1 << 16  # elements of one recorded value (bigger ones are skipped)
MAX_TOTAL = 2_000_000  # elements recorded in all
MAX_ACCESSES = 4000  # loads recorded in all, and stores (those of every program are kept apart)
MAX_LAUNCHES = 4


def _assigned_by_line(path: str) -> dict:
    """{line: [names]} the learner's file assigns, line by line (the statement's first line); an
    edited copy's, where fresh.copy_lines holds its lines."""
    import linecache

    try:
        tree = ast.parse("".join(linecache.getlines(path)))
    except (SyntaxError, ValueError):
        return {}
    out: dict = {}
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, (ast.For,)):
            targets = [node.target]
        names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        if names:
            out.setdefault(node.lineno, []).extend(n for n in names if n not in out.get(node.lineno, []))
    return out


def _array(value):
    """A kernel local as a NumPy array: a tl.tensor's data (pointers left out), an int or a float."""
    handle = getattr(value, "handle", None)
    data = getattr(handle, "data", None)
    if isinstance(data, np.ndarray):
        if "pointer" in type(getattr(handle, "dtype", None)).__name__.lower() or data.size > MAX_ITEMS:
            return None
        shape = tuple(int(s) for s in getattr(value, "shape", data.shape))
        try:
            data = data.reshape(shape) if data.size == int(np.prod(shape)) else data
        except ValueError:
            pass
        if np.issubdtype(data.dtype, np.floating):
            return data.astype(np.float64)
        if data.dtype == bool or np.issubdtype(data.dtype, np.integer):
            return data.copy()
        return None
    if type(value) is float:
        return np.asarray(value, np.float64)
    if type(value) is int:  # a loop's counter or an offset: no value of the kernel's steps
        return np.asarray(value, np.int64)
    return None


class KernelTracer:
    """Watches the kernels a call launches (see the module's words). `programs`: the grid indices
    (x, y, z) whose values and loads are recorded; None: those of the first program only."""

    def __init__(self, path: str, programs: list | None = None, every_load: bool = False):
        self.path = path
        self.programs = {tuple(p) for p in programs} if programs is not None else None
        self.every_load = every_load  # the loads of every program instance, not only the watched ones
        self.assigns = _assigned_by_line(path)
        self.launches: list[dict] = []
        self.events: list[dict] = []
        self.accesses: list[dict] = []
        self.counts = {"load": 0, "store": 0}
        self.total = 0
        self.raised: dict | None = None
        self._frames: dict = {}  # id(frame) -> {"program", "line", "runs": {line: n}}
        self._store_runs: dict = {}  # (program, line) -> the stores made there so far
        self._builder = None

    # -- the interpreter's hooks ---------------------------------------------------------------------

    def _program(self):
        idx = getattr(self._builder, "grid_idx", None)
        return tuple(int(i) for i in idx) if idx is not None else None

    def _kernel_line(self) -> int | None:
        f = sys._getframe(2)
        while f is not None:
            if f.f_code.co_filename == self.path and f.f_back is not None \
                    and "interpreter" in f.f_back.f_code.co_filename:
                return f.f_lineno
            f = f.f_back
        return None

    def _access(self, op: str, ptrs, mask) -> None:
        # loads and stores counted apart: a kernel's many loads never crowd out the stores (the coverage)
        if not self.launches or self.counts[op] >= MAX_ACCESSES:
            return
        program = self._program()
        launch = self.launches[-1]
        wanted = self.programs is None and program == (0, 0, 0) or self.programs is not None and program in self.programs
        if op == "load" and not wanted and not self.every_load:
            return
        addr = np.asarray(ptrs.data).astype(np.int64)
        on = np.broadcast_to(np.asarray(mask.data, dtype=bool), addr.shape) if mask is not None else \
            np.ones(addr.shape, bool)
        held = {name: (addr >= t["ptr"]) & (addr < t["ptr"] + t["bytes"]) for name, t in launch["tensors"].items()}
        # the tensor some lane the mask lets through lies in; a store whose mask is off over a tensor's
        # memory is kept too: the elements it would have written (a column mask against M where N
        # belongs) tell a mask from a grid
        mine = next((n for n, m in held.items() if (m & on).any()), None) or \
            (next((n for n, m in held.items() if m.any()), None) if op == "store" else None)
        for name, t in launch["tensors"].items():
            if name != mine:
                continue
            memory = held[name]
            inside = memory & on
            every = np.where(memory, (addr - t["ptr"]) // t["itemsize"], 0)
            offset = np.where(inside, every, 0)

            def element(where, at):  # the element as the tensor's shape reads it (row-major), -2 for
                # storage between the rows of a strided view, -1 where `where` is off
                return np.where(where, np.take(t["lookup"], at), -1) if t["lookup"] is not None else \
                    np.where(where, at, -1)
            index = element(inside, offset)
            self.counts[op] += 1
            # lanes the mask lets through that fall outside this tensor's memory: read or written past its end
            past = int((on & ~memory).sum())
            self.accesses.append({"op": op, "launch": len(self.launches) - 1, "program": list(program or ()),
                                  "line": self._kernel_line(), "param": name, "index": index,
                                  "offset": np.where(inside, offset, -1), "past": past,
                                  **({"off": element(memory & ~on, every)} if op == "store" else {})})
            return

    def _hook(self):
        from triton.runtime import interpreter

        builder = interpreter.interpreter_builder
        self._builder = builder
        load, store = builder.create_masked_load, builder.create_masked_store
        executor_call = interpreter.GridExecutor.__call__
        tracer = self

        def masked_load(ptrs, mask, other, cache_policy, is_volatile):
            tracer._access("load", ptrs, mask)
            return load(ptrs, mask, other, cache_policy, is_volatile)

        def masked_store(ptrs, value, mask, cache_policy):
            tracer._access("store", ptrs, mask)
            tracer._stored(value)
            return store(ptrs, value, mask, cache_policy)

        def launched(executor, *args, **kwargs):
            if len(tracer.launches) < MAX_LAUNCHES:
                tracer._launch(executor, args, kwargs)
            return executor_call(executor, *args, **kwargs)

        builder.create_masked_load, builder.create_masked_store = masked_load, masked_store
        interpreter.GridExecutor.__call__ = launched

        def undo():
            del builder.create_masked_load, builder.create_masked_store  # the class's methods again
            interpreter.GridExecutor.__call__ = executor_call
        return undo

    def _launch(self, executor, args, kwargs) -> None:
        import inspect

        try:
            bound = inspect.getcallargs(executor.fn, *args, **{k: v for k, v in kwargs.items()
                                                               if k in executor.arg_names})
        except TypeError:
            bound = dict(zip(executor.arg_names, args))
        tensors = {}
        for name, value in bound.items():
            held = kernel_guard.tensor_span(value)
            if held is not None:
                value, strides, span = held
                shape = list(value.shape)
                lookup = None
                if not value.is_contiguous() and 0 < span <= 1 << 22 and min(strides, default=1) >= 0:
                    lookup = np.full(span, -2, np.int64)
                    where = sum(np.arange(n).reshape([-1] + [1] * (len(shape) - 1 - i)) * s
                                for i, (n, s) in enumerate(zip(shape, strides)))
                    lookup[np.asarray(where).reshape(-1)] = np.arange(value.numel())
                elif not value.is_contiguous():
                    continue  # a view read backwards or too wide to map: its accesses are not recorded
                tensors[name] = {"ptr": int(value.data_ptr()), "itemsize": int(value.element_size()),
                                 "bytes": int(span * value.element_size()), "shape": shape, "strides": strides,
                                 "lookup": lookup, "obj": value}
        grid = executor.grid
        try:
            grid = grid(bound) if callable(grid) else grid
            grid = [int(g) for g in grid] + [1] * (3 - len(grid))
        except Exception:  # noqa: BLE001 - a grid that cannot be read here is read by the launch
            grid = None
        self.launches.append({"kernel": getattr(executor.fn, "__name__", "?"), "grid": grid, "tensors": tensors,
                              "line": self._caller_line()})

    def _caller_line(self) -> int | None:
        f = sys._getframe(1)
        while f is not None:
            if f.f_code.co_filename == self.path and id(f) not in self._frames:
                return f.f_lineno
            f = f.f_back
        return None

    # -- the trace of the kernel's lines --------------------------------------------------------------

    def _record(self, frame, state: dict, line: int | None) -> None:
        if line is None or len(self.events) >= MAX_EVENTS or self.total >= MAX_TOTAL:
            return
        runs = state["runs"]
        runs[line] = runs.get(line, 0) + 1
        for name in self.assigns.get(line, ()):
            if name not in frame.f_locals:
                continue
            arr = _array(frame.f_locals[name])
            if arr is None:
                continue
            self.total += arr.size
            self.events.append({"line": line, "name": name, "program": list(state["program"]),
                                "launch": len(self.launches) - 1, "iter": runs[line] - 1, "value": arr})

    def _stored(self, value) -> None:
        """What a traced program stores, as an event of the store's line ("<store>"): a result computed
        inside tl.store's call (`tl.store(..., num / tl.sum(num))`) is no local, and was not seen."""
        if not self.launches or self.programs == set() or len(self.events) >= MAX_EVENTS or self.total >= MAX_TOTAL:
            return
        program = self._program()
        if program is None or not (program == (0, 0, 0) if self.programs is None else program in self.programs):
            return
        data = getattr(value, "data", None)
        line = self._kernel_line()
        if not isinstance(data, np.ndarray) or not np.issubdtype(data.dtype, np.floating) or data.size > MAX_ITEMS \
                or line is None:
            return
        runs = self._store_runs
        runs[program, line] = runs.get((program, line), 0) + 1
        self.total += data.size
        self.events.append({"line": line, "name": "<store>", "program": list(program),
                            "launch": len(self.launches) - 1, "iter": runs[program, line] - 1,
                            "value": data.astype(np.float64)})

    def _local(self, frame, event, arg):
        state = self._frames.get(id(frame))
        if state is None:
            return None
        if event in ("line", "return"):
            self._record(frame, state, state["line"])
            state["line"] = frame.f_lineno if event == "line" else None
        elif event == "exception" and self.raised is None:
            self.raised = {"line": frame.f_lineno, "program": list(state["program"])}
        return self._local

    def _global(self, frame, event, arg):
        if frame.f_code.co_filename != self.path or not self.launches:
            return None
        program = self._program()
        if program is None or frame.f_back is None or "interpreter" not in frame.f_back.f_code.co_filename:
            return None  # not a kernel's body run by the interpreter's grid (a helper, the wrapper)
        wanted = program == (0, 0, 0) if self.programs is None else program in self.programs
        if not wanted:
            return None
        self._frames[id(frame)] = {"program": program, "line": None, "runs": {}}
        return self._local

    def run(self, thunk):
        """thunk() with the kernels watched; returns its result (exceptions propagate)."""
        undo = self._hook()
        old = sys.gettrace()
        if self.programs is None or self.programs:  # no program's values asked for: the accesses alone
            sys.settrace(self._global)
        try:
            return thunk()
        finally:
            sys.settrace(old)
            undo()

    def as_data(self, given: list, out) -> dict:
        """What was recorded, the launches' tensors named as the call's inputs (`given`, by position)
        or its output `out` where they are one of them."""
        from studyxf.grading import wire

        def role(t) -> str | None:
            obj = t["obj"]
            for i, g in enumerate(given):
                if hasattr(g, "data_ptr") and g.data_ptr() == t["ptr"] and tuple(g.shape) == tuple(obj.shape):
                    return f"input:{i}"
            if returned(t):
                return "output"
            return None

        def returned(t) -> bool:  # the output given as an input too (out = x): its stores are the output's
            return hasattr(out, "data_ptr") and out.data_ptr() == t["ptr"] and tuple(out.shape) == tuple(t["obj"].shape)

        launches = [{"kernel": la["kernel"], "grid": la["grid"], "line": la["line"],
                     "tensors": {n: {"shape": t["shape"], "strides": t["strides"], "role": role(t),
                                     "returned": returned(t)}
                                 for n, t in la["tensors"].items()}}
                    for la in self.launches]
        return {"launches": launches,
                "events": [{k: v for k, v in e.items() if k != "value"} | {"v": wire.encode(e["value"])}
                           for e in self.events],
                "accesses": [{k: v for k, v in a.items() if k not in ("index", "offset", "off")}
                             | {"v": wire.encode(a["index"]), "o": wire.encode(a["offset"])}
                             | ({"f": wire.encode(a["off"])} if "off" in a else {}) for a in self.accesses],
                "raised_at": self.raised}


def answer(server, ask: dict, args: list, kwargs: dict, fn=None) -> dict:
    """The sandbox's "kernel_trace" request (fresh.Server): the call run once more, watched (`fn`: an
    edited copy's entry point, called as the edit search calls it)."""
    from studyxf.grading.sandbox import guards

    tracer = KernelTracer(server.path, ask.get("programs"), bool(ask.get("every_load")))
    out = None
    try:
        if fn is None:
            out = tracer.run(lambda: server.call(args, kwargs, ask.get("seconds")))
        else:
            with guards.time_limit(ask.get("seconds")) if ask.get("seconds") else guards.time_limit():
                out = tracer.run(lambda: fn(*args, **kwargs))
    except Exception as exc:  # noqa: BLE001 - where it raised is part of the trace
        out = getattr(exc, "out", None)  # an input written in place: the output is still the one returned
    return {"kernel_trace": tracer.as_data([*args, *kwargs.values()], out)}
