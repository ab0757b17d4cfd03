"""A cache of the built curriculum in the data dir, so `today` starts without parsing YAML (the
parser, the schema and the files cost ~30 ms of a ~300 ms start).

Data only: JSON, read back into Session objects by this module's own code. Nothing in the data
directory is ever unpickled or imported (a file written there by a synced folder or a bad drill
must not run code in the next `studyxf today`; the pickle this replaced did exactly that).

The key is every input's (path, mtime, size): the session files of every folder, and the
content package's own source files, so an edit to either rebuilds. A missing, stale, corrupt,
foreign or unwritable cache is never an error: the curriculum is built from the files instead.
The file is read through safefile (a regular file under a cap: a FIFO or a sparse giant put in
its place is passed over). `studyxf check` never reads it."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import json
import os
from pathlib import Path

from studyxf import __version__, paths

_CODE = Path(__file__).resolve().parent
FORMAT = "studyxf-curriculum-cache/1"
MAX_BYTES = 64 * 1024 * 1024
_TAG = "$t"  # marks an encoded value that JSON has no type for; a dict with this key is escaped


def _stamp(path: Path):
    try:
        st = path.stat()
    except OSError:
        return None
    return (str(path), st.st_mtime_ns, st.st_size)


def fingerprint(folders: list[Path]) -> tuple:
    parts: list = [__version__]
    for folder in folders:
        files = sorted(folder.glob("*.y*ml")) if folder.is_dir() else []
        parts.append((str(folder), folder.is_dir(), tuple(_stamp(f) for f in files)))
    parts.append(tuple(_stamp(f) for f in sorted(_CODE.glob("*.py"))))
    return tuple(parts)


def _file() -> Path:
    return paths.home() / "cache" / "curriculum.json"


# -- values <-> JSON ------------------------------------------------------------------------------
def _enc(value):
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list):
        return [_enc(v) for v in value]
    if isinstance(value, tuple):
        return {_TAG: "tuple", "v": [_enc(v) for v in value]}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value) and _TAG not in value:
            return {k: _enc(v) for k, v in value.items()}
        return {_TAG: "map", "v": [[_enc(k), _enc(v)] for k, v in value.items()]}
    if isinstance(value, dt.datetime):  # before date: a datetime is a date
        return {_TAG: "datetime", "v": value.isoformat()}
    if isinstance(value, dt.date):
        return {_TAG: "date", "v": value.isoformat()}
    if isinstance(value, bytes):
        return {_TAG: "bytes", "v": base64.b64encode(value).decode("ascii")}
    if isinstance(value, Path):
        return {_TAG: "path", "v": str(value)}
    raise TypeError(f"not cached: {type(value).__name__}")


def _hook(obj: dict):
    tag = obj.get(_TAG)
    if tag is None:
        return obj
    v = obj["v"]
    if tag == "tuple":
        return tuple(v)
    if tag == "map":
        return {k: val for k, val in v}
    if tag == "datetime":
        return dt.datetime.fromisoformat(v)
    if tag == "date":
        return dt.date.fromisoformat(v)
    if tag == "bytes":
        return base64.b64decode(v, validate=True)
    if tag == "path":
        return Path(v)
    raise ValueError(f"unknown tag {tag!r}")


def _session_out(session) -> dict:
    out = {f.name: getattr(session, f.name) for f in dataclasses.fields(session)}
    out["recall"] = [dataclasses.asdict(r) for r in session.recall]
    return out


def _session_in(raw: dict):
    from studyxf.content.sessions import RecallPrompt, Session

    names = {f.name for f in dataclasses.fields(Session)}
    if not isinstance(raw, dict) or set(raw) != names:
        raise ValueError("not a session")
    raw = dict(raw)
    raw["recall"] = [RecallPrompt(**r) for r in raw["recall"]]
    session = Session(**raw)
    if not isinstance(session.data, dict) or not isinstance(session.id, str):
        raise ValueError("not a session")
    return session


def dumps(key: tuple, curriculum) -> str:
    body = {"sessions": [_session_out(s) for s in curriculum.sessions],
            "warnings": list(curriculum.warnings),
            "drafts": [_session_out(s) for s in curriculum.drafts]}
    return json.dumps({"format": FORMAT, "key": json.dumps(key), "curriculum": _enc(body)},
                      ensure_ascii=False, separators=(",", ":"))


def loads(text: str, key: tuple):
    """The curriculum in `text` when it was stored under `key`; None for anything else."""
    from studyxf.content.curriculum import Curriculum

    top = json.loads(text, object_hook=_hook)
    if not isinstance(top, dict) or top.get("format") != FORMAT or top.get("key") != json.dumps(key):
        return None
    body = top["curriculum"]
    warnings = body["warnings"]
    if not isinstance(warnings, list) or not all(isinstance(w, str) for w in warnings):
        return None
    return Curriculum(sessions=[_session_in(s) for s in body["sessions"]], warnings=warnings,
                      drafts=[_session_in(s) for s in body["drafts"]])


# -- the file ---------------------------------------------------------------------------------------
def load(key: tuple):
    from studyxf import safefile

    try:
        text = safefile.read_text(_file(), MAX_BYTES)
        return loads(text, key)
    except Exception:  # noqa: BLE001 - any unreadable, damaged or foreign cache is simply rebuilt
        return None


def store(key: tuple, value) -> None:
    target = _file()
    try:
        text = dumps(key, value)
    except (TypeError, ValueError, RecursionError):  # a value JSON cannot hold: no cache, no harm
        return
    if len(text) > MAX_BYTES:
        return
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("x", encoding="utf-8") as fh:  # never through a link or FIFO left at that name
            fh.write(text)
        tmp.replace(target)  # atomic: a second process reads the old cache or the new, never half
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return
    try:  # the pickle this cache replaced: never read again, so not kept
        (target.parent / "curriculum.pickle").unlink()
    except OSError:
        pass
