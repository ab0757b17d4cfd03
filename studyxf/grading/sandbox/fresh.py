"""The fresh sandbox: a new interpreter, exec'd by launch.py once the isolation is in place, that
imports the learner's file, NumPy (and torch when the file does) and nothing of the judge: no
engine, no drill grader, no cases, no expected values. The judge sends each call's inputs as data
and gets the output, or a trace of the learner's locals, back as data (wire.py); a case that drives
the learner's code call by call (kv-cache), a property check (rope, flash-attention's memory) and
a module drill's weights, taps and gradients are all decided in the judge from such calls."""

from __future__ import annotations

import contextlib
import json
import os
import runpy
import sys


def main() -> None:
    spec = json.loads(sys.argv[1])
    import _sitebuiltins
    import builtins

    # started without `site` (launch.py): its exit() and quit(), which a learner's file may call
    builtins.exit, builtins.quit = (_sitebuiltins.Quitter(name, "Ctrl-D (i.e. EOF)") for name in ("exit", "quit"))
    from studyxf.grading.sandbox import launch

    sys.stdout, sys.stderr = launch._CappedFd(1), launch._CappedFd(2)
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
    cuda = None
    if spec["device"] in ("cuda", "auto") and torch is not None:  # asked here, before the learner's file runs
        from studyxf.grading.sandbox.gpu import cuda_state

        cuda = cuda_state(torch)
    half = bool(cuda and "device" in cuda)
    if not half:
        launch.limit_address_space()  # after the imports; none on the GPU (CUDA maps tens of GiB)
    from studyxf.grading.sandbox import calls, guards

    if torch is not None:
        guards.install(spec["forbidden"])
    calls.bind(torch)
    isolated = _confine_reads(spec)
    from studyxf.grading.sandbox import seccomp

    isolated += "; " + seccomp.install(processes=bool(spec.get("processes")))
    # said before the learner's file runs: the judge takes these from this line alone
    calls.reply(judge_out, {"ready": isolated, "cuda": cuda, "half": half})
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
    if framework == "numpy" and "torch" in sys.modules:
        # imported under another spelling (importlib, __import__): the judge grades it again as
        # torch, with the guard, in a new sandbox
        return calls.reply(judge_out, {"torch_seen": True})
    fn, missing = calls.entry_point(namespace, spec["entry"], spec["kind"], spec["method"], spec["drill"])
    if fn is None:
        return calls.reply(judge_out, {"import_error": missing})
    calls.reply(judge_out, {"imported": True})
    server = Server(fn, framework, spec["path"], spec["entry"],
                    lambda ns: calls.entry_point(ns, spec["entry"], spec["kind"], spec["method"], spec["drill"]))
    for line in judge_in:
        ask = json.loads(line)
        if ask.get("op") == "bye":
            break
        calls.reply(judge_out, server.answer(ask))
    os._exit(0)


def allowed_reads(own_proc: bool) -> list[str]:
    """What the sandbox may read: the interpreter's prefix, the import path, the system's libraries
    (and the few files of /etc the loader and the C library read), the device nodes it may open
    (launch.devices: not /dev/shm, a disk or a terminal), /sys, and its own /proc
    (all of it in a PID namespace of its own: `own_proc`). A user's file elsewhere is as unreadable
    as the answers."""
    allowed = {sys.prefix, sys.exec_prefix, sys.base_prefix, sys.base_exec_prefix, *(p for p in sys.path if p)}
    from studyxf.grading.sandbox.launch import devices

    allowed |= {"/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", *devices(), "/sys",
                "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/passwd",
                "/etc/group", "/etc/nsswitch.conf", "/etc/host.conf"}
    allowed |= set(filter(None, os.environ.get("LD_LIBRARY_PATH", "").split(":")))  # CUDA's libraries
    allowed |= {"/proc"} if own_proc else {"/proc/self", "/proc/cpuinfo", "/proc/meminfo", "/proc/stat", "/proc/sys",
                                           "/proc/driver"}
    return sorted(allowed)


def _confine_reads(spec: dict) -> str:
    """Before the learner's file runs: reads beneath the folders that hold the answers and the
    learner's data denied (landlock.py), also where the kernel gave no namespaces to hide them.
    What Python lists to import (the import path's folders) is listed first: afterwards the
    folders on the way to a hidden one cannot be; the modules this process serves with, imported
    now. Returns what isolates the sandbox, in words."""
    import importlib.machinery

    # the requests' modules, read now
    from studyxf.grading.sandbox import kernel_guard, kernel_trace, landlock, trace  # noqa: F401
    from studyxf.grading import wire

    importlib.machinery.PathFinder.find_spec("studyxf-listing-only")  # each import folder listed, kept
    # of the temporary folder, only its own (the others' files are nothing it needs, and the rules
    # for a few hundred of them took 5 ms), unless Python imports from there (a checkout in /tmp)
    own = os.getcwd()
    temp = os.path.dirname(own)
    imports_there = any(landlock.within(os.path.realpath(p), temp) for p in sys.path[1:] if p)
    own_proc = spec["isolated"].startswith("isolated:") and "host's /proc" not in spec["isolated"]
    said = landlock.confine_reads([*(spec.get("hide") or []), *([temp] if temp != "/" and not imports_there else [])],
                                  own, allowed_reads(own_proc), listed=["/dev"])
    return f"{spec['isolated']}; {said}"


@contextlib.contextmanager
def copy_lines(path: str, source: str):
    """An edited copy's lines where Triton's interpreter reads a kernel's source (inspect.getsourcelines,
    through linecache, when a @jit kernel first runs): without them the copy's kernels run as the file
    on disk has them, and an edit inside a kernel would change nothing. Put back afterwards, so that
    the file's own tracebacks and traces read its own lines."""
    import linecache

    held = linecache.cache.get(path)
    linecache.cache[path] = (len(source), None, source.splitlines(keepends=True), path)
    try:
        yield
    finally:
        if held is None:
            linecache.cache.pop(path, None)
        else:
            linecache.cache[path] = held


class Server:
    """The learner's entry point and what the judge's requests left here (a trace spanning several
    calls, a module drill's modules); one answer per request. The tests serve the same requests
    in-process (grading/inprocess.py)."""

    def __init__(self, fn, framework: str, path: str, entry: str, resolve=None):
        self.fn, self.framework, self.path, self.entry = fn, framework, path, entry
        self.resolve = resolve  # namespace -> (entry point, why not): a patched copy's (op "patched")
        self.patched: dict = {}  # the latest patched copy: its source and entry point, and copies made
        self.torch = sys.modules.get("torch") if framework == "torch" else None
        self.tracer = None  # a trace across calls: from "trace_start" to "trace_end"
        self.modules: dict = {}  # a module drill's modules, by config index
        self.decoded: dict = {}  # inputs' arrays by their bytes as sent (value() copies them out)
        # torch imported while a NumPy file runs is a computed import (inprocess.py's tests run in
        # a process that has torch already: nothing to see there)
        self.torch_loaded = "torch" in sys.modules

    def answer(self, ask: dict) -> dict:
        from studyxf.grading.sandbox import calls, kernel_guard
        from studyxf.grading import wire

        kernel_guard.install()  # where the file imported triton (at import, or since): lanes kept in bounds
        kernel_guard.take()  # what an earlier request left

        op = ask.get("op")
        try:
            if op == "trace_start":  # the calls that follow, marked "traced", recorded together
                from studyxf.grading.sandbox.trace import Tracer

                self.tracer = Tracer(self.path, self.entry)
                return {"ok": wire.encode(None)}
            if op == "trace_end":
                data, self.tracer = (self.tracer.as_data() if self.tracer else {}), None
                return {"trace": data}
            if op.startswith("module"):
                from studyxf.grading.sandbox import fresh_module

                return fresh_module.answer(self, ask)
            if op.startswith("bench"):  # --bench: timed here, in the sandbox (sandbox/bench.py)
                from studyxf.grading.sandbox import bench

                return bench.sandbox_answer(self, ask)
            # writable: a NumPy file that edits an input in place runs to its end (the edit is still
            # seen, by the comparison after the call) so that its output and its trace can be judged
            writable = bool(ask.get("writable")) or op in ("trace", "kernel_trace", "patched")  # an edited copy's
            # values are judged (repair.py); an input it edits in place is said by the rule, not by the search
            args = [self.value(a, ask.get("device"), writable) for a in ask["args"]]
            kwargs = {k: self.value(v, ask.get("device"), writable) for k, v in ask["kwargs"].items()}
            if op in ("trace", "walk"):  # the call again, each line's locals recorded (trace.py), or its
                # plain values line by line on a small case (walk.py)
                from studyxf.grading.sandbox.trace import Tracer
                from studyxf.grading.sandbox.walk import Walker

                watcher = Tracer(self.path) if op == "trace" else Walker(self.path)
                if ask.get("source") is not None:  # an edited copy traced: which step its edit mends (stepwise.py)
                    from studyxf.grading.sandbox import guards

                    with copy_lines(self.path, ask["source"]):
                        fn = self.edited(ask["source"])
                        with guards.time_limit(ask.get("seconds")) if ask.get("seconds") else guards.time_limit():
                            try:
                                watcher.run(lambda: fn(*args, **kwargs))
                            except Exception:  # noqa: BLE001 - where it raised is part of the trace
                                pass
                    return {op: watcher.as_data()}
                try:
                    watcher.run(lambda: self.call(args, kwargs, ask.get("seconds")))
                except Exception:  # noqa: BLE001 - where it raised is part of the trace
                    pass
                return {op: watcher.as_data()}
            if op == "patched":  # the learner's file with one edit the judge proposes, called: does it fix the case?
                from studyxf.grading.sandbox import guards

                with copy_lines(self.path, ask["source"]):
                    fn = self.edited(ask["source"])
                    with guards.time_limit(ask.get("seconds")) if ask.get("seconds") else guards.time_limit():
                        out = fn(*args, **kwargs)
                past = kernel_guard.take()
                if past:  # an edit that sends a kernel's lanes past a tensor's end fails, as the file would
                    raise calls.OutOfBounds(past, out)
                return {"ok": wire.encode(out)}
            if op == "kernel_trace":  # a Triton kernel's program instances watched (kernel_trace.py), of the
                from studyxf.grading.sandbox import kernel_trace  # file or of an edited copy ("source")

                if ask.get("source") is None:
                    return kernel_trace.answer(self, ask, args, kwargs)
                with copy_lines(self.path, ask["source"]):
                    fn = self.edited(ask["source"])
                    return kernel_trace.answer(self, ask, args, kwargs, fn)
            if op == "call":
                if ask.get("traced") and self.tracer is not None:
                    out = self.tracer.run(lambda: self.call(args, kwargs, ask.get("seconds")))
                else:
                    out = self.call(args, kwargs, ask.get("seconds"))
                past = kernel_guard.take()
                if past:  # a kernel's lanes past a tensor's end, kept in bounds: the case fails all the same
                    raise calls.OutOfBounds(past, out)
                return {"ok": wire.encode(out)}
            return {"raised": {"kind": "other", "type": "ValueError", "text": f"unknown request {op!r}"}}
        except BaseException as exc:  # noqa: BLE001 - the learner's failure is this request's answer
            if isinstance(exc, KeyboardInterrupt):
                raise
            if isinstance(exc, calls.RuleBroken) and hasattr(exc, "out"):
                # an input modified, and what the call returned: its values are judged too (a second slip)
                try:
                    return {"raised": calls.raised(exc), "out": wire.encode(exc.out)}
                except Exception:  # noqa: BLE001 - an output that cannot be sent: the rule alone
                    pass
            return {"raised": calls.raised(exc)}

    def edited(self, source: str):
        """The entry point of the learner's file as edited (one condition, by the judge), compiled
        and run here under the same sandbox, once per edit."""
        if self.patched.get("source") != source:  # the judge asks each copy's cases one after another
            made = self.patched.get("made", 0)
            if self.resolve is None or made >= 2048:  # at most 32 + 190 (mend.py), 2 x 320 + 3 + 360 + 240 (repair.py)
                raise ValueError("no patched copy can be made here")
            import types

            module = types.ModuleType("submission")
            module.__file__ = self.path
            namespace = module.__dict__
            self.patched = {"made": made + 1}
            # registered while it runs, as runpy does for the file itself: @dataclass looks its module up there
            before = sys.modules.get("submission")
            sys.modules["submission"] = module
            try:
                exec(compile(source, self.path, "exec"), namespace)  # noqa: S102 - the learner's own code, edited
            finally:
                if before is None:
                    sys.modules.pop("submission", None)
                else:
                    sys.modules["submission"] = before
            fn, missing = self.resolve(namespace)
            if fn is None:
                raise ValueError(missing)
            self.patched.update(source=source, fn=fn)
        return self.patched["fn"]

    def value(self, item: dict, device: str | None = None, writable: bool = False):
        """An input as data -> what the learner's function is given: a read-only NumPy array (an
        in-place edit raises), or a tensor on the case's device; plain data as it is."""
        from studyxf.grading import wire

        data = item.get("data") if item.get("t") == "array" else None
        value = self.decoded.get(data) if data is not None else None
        if value is None:  # the edit search sends a case's inputs with each copy: decoded once
            value = wire.decode(item)
            if data is not None and isinstance(value, wire.Array):
                if len(self.decoded) >= 64:
                    self.decoded.clear()
                self.decoded[data] = value
        if not isinstance(value, wire.Array):
            return value
        torch = self.torch
        if torch is None or self.framework == "numpy" and not device:
            arr = value.values.copy()
            arr.setflags(write=writable)
            return arr
        t = torch.from_numpy(value.values.copy())
        if value.dtype == "bfloat16":
            t = t.to(torch.bfloat16)
        if item.get("row_stride", 0) > t.shape[-1] and t.dim() == 2:  # the columns of a wider tensor, as sent
            wide = torch.zeros((t.shape[0], item["row_stride"]), dtype=t.dtype, device=device or "cpu")
            wide[:, :t.shape[1]] = t.to(wide.device)
            return wide[:, :t.shape[1]]
        if item.get("transposed") and t.dim() == 2:  # the transpose of a packed tensor, as sent
            return (t.to(device) if device else t).T.contiguous().T
        return t.to(device) if device else t

    def call(self, args: list, kwargs: dict, seconds: float | None):
        """One call within the case's time limit; a tensor input changed by the call breaks a rule
        the tasks state."""
        from studyxf.grading.sandbox import calls, guards
        from studyxf.grading.sandbox.calls import INPUT_MODIFIED, RuleBroken

        given = [*args, *kwargs.values()]
        kept = [calls.kept(v) for v in given]
        with (guards.time_limit(seconds) if seconds else guards.time_limit()):
            out = self.fn(*args, **kwargs)
        if any(before is not None and not calls.same(before, now) for before, now in zip(kept, given)):
            broken = RuleBroken(INPUT_MODIFIED)
            broken.out = out
            raise broken
        if self.framework == "numpy" and not self.torch_loaded and "torch" in sys.modules:
            raise guards.ForbiddenCall(calls.TORCH_UNSEEN)  # a rule of the grading, not an input modified
        return out


if __name__ == "__main__":
    main()
