"""The fixed cases of a drill of plain array calls, with the engine's references, stored as data
(JSON, arrays as .npy bytes without pickle) in the data directory's cache, keyed by a hash of the
engine, the drill's folder and the code that builds cases. A NumPy file that passes them is graded
without importing torch (the judge's first second); anything else takes the full path, which
stores them when they are missing. No torch here."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from studyxf.grading.judge import judging
from studyxf.grading import wire

LIMIT = 32 * 1024 * 1024  # bytes of one drill's stored cases


def _key(req) -> str:
    import importlib.util

    import numpy

    h = hashlib.sha256()
    engine = importlib.util.find_spec("engine")
    roots = [Path(p) for p in ((engine.submodule_search_locations or []) if engine else [])]
    files = sorted(f for root in roots for f in root.glob("*.py"))
    here = Path(__file__).parent
    files += [Path(req.folder) / "grader.py", Path(req.folder) / "drill.yaml", here / "case.py", Path(__file__)]
    for f in files:
        h.update(str(f.name).encode())
        try:
            h.update(f.read_bytes())
        except OSError:
            h.update(b"-")
    h.update(numpy.__version__.encode())
    # torch's version without importing it (nor importlib.metadata: 30 ms of a 0.5 s verdict)
    torch = importlib.util.find_spec("torch")
    try:
        h.update((Path(torch.origin).parent / "version.py").read_bytes() if torch and torch.origin else b"-")
    except OSError:
        h.update(b"-")
    return h.hexdigest()[:24]


def _path(req) -> Path | None:
    return Path(req.cache) / f"{req.drill}-{_key(req)}.json" if req.cache else None


def load(req) -> list[dict] | None:
    """The stored cases, their arrays decoded, or None (none stored, or not readable)."""
    from studyxf import safefile

    path = _path(req)
    if path is None or not path.exists():
        return None
    try:
        data = safefile.load_json(path, LIMIT)
        return [{**c, "ref": wire.decode(c["ref"]).values} for c in data["cases"]]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def storable(cases) -> bool:
    """Whether every case is a plain call judged against an array in the input's dtype."""
    return bool(cases) and all(c.driver is None and not c.checks and c.validate is None and c.convert is None
                               and c.out_dtype is None and c.device is None for c in cases)


def store(req, cases) -> None:
    """Write the drill's cases and references (in the judge, torch imported), atomically."""
    path = _path(req)
    if path is None or not storable(cases) or path.exists():
        return
    data = {"drill": req.drill, "cases": [
        {"name": c.name, "call": c.call, "dtype": c.dtype, "engine_error": c.engine_error(),
         "time_limit": c.time_limit, "args": [wire.encode_input(a) for a in c.args],
         "kwargs": {k: wire.encode_input(v) for k, v in c.kwargs.items()}, "ref": wire.encode(c.ref())}
        for c in cases]}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only data directory: the next grading computes them again


def passes(cases: list[dict], box) -> tuple[list[dict] | None, dict]:
    """Each stored case asked of the fresh sandbox: (the passing tests when every one passes, by
    the same judging as runcases.run_case for such cases; else None), and the answers got so far
    by case index, which the full path then uses instead of asking again (a time-out is waited
    for once)."""
    import time

    from studyxf.grading.wire import CARRY_S, CASE_TIMEOUT_S

    tests, answers = [], {}
    for i, c in enumerate(cases):
        started = time.monotonic()
        answer = box.ask({"op": "call", "i": i, "args": c["args"], "kwargs": c["kwargs"],
                          "seconds": c["time_limit"], "device": None}, (c["time_limit"] or CASE_TIMEOUT_S) + CARRY_S)
        answers[i] = {**answer, "took": time.monotonic() - started}  # (an edited copy's time limit: Remote.took)
        out = wire.decode(answer["ok"]) if "ok" in answer else None
        if not isinstance(out, wire.Array) or out.values.dtype == object or out.dtype != c["dtype"] \
                or out.values.shape != c["ref"].shape:
            return None, answers
        try:
            if judging.compare(out.values, c["ref"], c["dtype"], c["engine_error"], "") is not None:
                return None, answers
        except (TypeError, ValueError):
            return None, answers
        tests.append({"name": c["name"], "test_code": c["call"], "status": "pass", "message": None, "output": None})
    return tests, answers
