"""A cache of the built curriculum in the data dir, so `today` starts without parsing YAML (the
parser, the schema and the files cost ~30 ms of a ~300 ms start).

Data only: JSON, read back into Session objects by this module's own code. Nothing in the data
directory is ever unpickled or imported (a file written there by a synced folder or a bad drill
must not run code in the next `studyxf today`; the pickle this replaced did exactly that).

The key is every input's (path, mtime, size): the session files of every folder, and the
content package's own source files, so an edit to either rebuilds. A missing, stale, corrupt,
foreign or unwritable cache is never an error: the curriculum is built from the files instead.
The first line holds each session's head, and a start reads only that; a session's data and its
prompts are each read from the file and decoded when first used (a deck of 200 sessions is 8 MB,
which took 0.2-0.5 s to parse whole at each start, and 8 ms to read and check). Each body carries its
check sum, verified when it is read: a damaged one is given back from the files and the cache removed,
so the next start rebuilds it. The file is opened through safefile (a regular file under a cap: a FIFO
or a sparse giant put in its place is passed over). `studyxf check` never reads it."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import json
import os
import zlib
from pathlib import Path

from studyxf import __version__, paths

_CODE = Path(__file__).resolve().parent
FORMAT = "studyxf-curriculum-cache/3"
MAX_BYTES = 64 * 1024 * 1024
_TAG = "$t"  # marks an encoded value that JSON has no type for; a dict with this key is escaped


def _stamp(path: str):
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (path, st.st_mtime_ns, st.st_size)


def _stamps(folder: Path, pattern: str) -> tuple:
    """(path, mtime, size) of the folder's entries that `pattern` matches, in the order of their names:
    what Path.glob and its sort gave, from os.scandir and strings (Path objects and their comparisons
    were 0.8 ms of a 200-session start's 1.1)."""
    from fnmatch import fnmatchcase

    try:
        with os.scandir(folder) as entries:
            names = sorted(e.name for e in entries if fnmatchcase(e.name, pattern))
    except OSError:
        return ()
    return tuple(_stamp(os.path.join(folder, name)) for name in names)


def fingerprint(folders: list[Path]) -> tuple:
    parts: list = [__version__]
    for folder in folders:
        parts.append((str(folder), folder.is_dir(), _stamps(folder, "*.y*ml")))
    parts.append(_stamps(_CODE, "*.py"))
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


# the bulk of a session, each decoded when first used: its YAML's data (with its line map) and its prompts


def _head_out(session) -> dict:
    return {f.name: _enc(getattr(session, f.name)) for f in dataclasses.fields(session) if f.name not in _BODIES}


def _data_out(session) -> bytes:
    return json.dumps(_enc(session.data), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _recall_out(session) -> bytes:
    recall = _enc([dataclasses.asdict(r) for r in session.recall])
    return json.dumps(recall, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _data_in(raw: bytes) -> dict:
    data = json.loads(raw.decode("utf-8"), object_hook=_hook)
    if not isinstance(data, dict):
        raise ValueError("not a session's data")
    return data


def _recall_in(raw: bytes) -> list:
    from studyxf.content.sessions import RecallPrompt

    return [RecallPrompt(**r) for r in json.loads(raw.decode("utf-8"), object_hook=_hook)]


_BODIES = {"data": (_data_out, _data_in), "recall": (_recall_out, _recall_in)}


class _Bodies:
    """Where a cache's session bodies lie (`read(start, end)`: their bytes, read when a body is first
    used), and what gives a body back when its check sum fails (`damaged(session id, name)`)."""

    def __init__(self, read, size: int, damaged=None):
        self.read, self.size, self.damaged = read, size, damaged


class _Lazy:
    """A cached session's bodies, not decoded yet: get(name) gives the function that reads, checks and
    decodes one (Session.__getattr__ calls it when the body is first used). One object per session,
    not a closure per body: 300 sessions' heads came back in 2.5 ms instead of 4."""

    __slots__ = ("bodies", "spans", "sid")

    def __init__(self, bodies: _Bodies, spans: dict, sid: str):
        for span in spans.values():
            if not (isinstance(span, list) and len(span) == 3):
                raise ValueError("not a session")
            start, end, crc = span
            if not (isinstance(start, int) and isinstance(end, int) and isinstance(crc, int)
                    and 0 <= start <= end <= bodies.size):
                raise ValueError("not a session")
        self.bodies, self.spans, self.sid = bodies, spans, sid

    def get(self, name: str):
        return (lambda: self._value(name)) if name in self.spans else None

    def _value(self, name: str):
        start, end, crc = self.spans[name]
        raw = self.bodies.read(start, end)
        if len(raw) == end - start and zlib.crc32(raw) == crc:
            return _BODIES[name][1](raw)
        if self.bodies.damaged is None:
            raise ValueError(f"the curriculum cache is damaged: session {self.sid}")
        return self.bodies.damaged(self.sid, name)


def _head_keys() -> frozenset:
    """The keys of a session's head: every field of Session but the bodies, and where those lie."""
    from studyxf.content.sessions import Session

    return frozenset({f.name for f in dataclasses.fields(Session)} - set(_BODIES)) | {f"${n}" for n in _BODIES}


def _session_in(head: dict, bodies: _Bodies, keys: frozenset):
    """A Session from its head; its data and its recall prompts are each decoded from `bodies` when
    first read (Session.__getattr__), so a start that shows one session of 300 decodes one, and a
    card's prompt does not decode its session's data."""
    from studyxf.content.sessions import Session

    if not isinstance(head, dict) or head.keys() != keys:
        raise ValueError("not a session")
    if not isinstance(head["id"], str):
        raise ValueError("not a session")
    session = object.__new__(Session)
    fields = session.__dict__
    fields.update(head)
    fields["_lazy"] = _Lazy(bodies, {name: fields.pop(f"${name}") for name in _BODIES}, head["id"])
    return session


def dumps(key: tuple, curriculum) -> str:
    """The cache file: a first line holding the format, the key, the warnings and each session's head
    (every field but data and recall, and where those lie), then the bodies. The whole file is one
    JSON document; a start reads the first line and decodes only the bodies it uses (issue 30:
    parsing all of a 200-session deck's 8 MB took 0.2-0.5 s at each start)."""
    chunks: list[bytes] = []
    offset = 0

    def heads(sessions) -> list[dict]:
        nonlocal offset
        out = []
        for s in sessions:
            head = _head_out(s)
            for name, (encode, _) in _BODIES.items():
                body = encode(s)
                head[f"${name}"] = [offset, offset + len(body), zlib.crc32(body)]
                chunks.append(body)
                offset += len(body) + 1
            out.append(head)
        return out

    first = {"sessions": heads(curriculum.sessions), "drafts": heads(curriculum.drafts),
             "warnings": list(curriculum.warnings)}
    bodies = b",".join(chunks)
    header = json.dumps({"format": FORMAT, "key": json.dumps(key), "head": first},
                        ensure_ascii=False, separators=(",", ":"))
    # the object is reopened so the bodies follow inside it; json.dumps writes no raw newline, so the
    # first one ends the header
    return header[:-1] + ',\n"bodies":[' + bodies.decode("utf-8") + "]}"


_LEAD = b'"bodies":['


def loads(text: str | bytes, key: tuple, damaged=None):
    """The curriculum in `text` when it was stored under `key`; None for anything else (a damaged
    body is found when it is first used: `damaged` then gives it back)."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    cut = data.find(b"\n")
    if cut < 1 or data[cut + 1:cut + 1 + len(_LEAD)] != _LEAD or data[-2:] != b"]}":
        return None
    raw = memoryview(data)[cut + 1 + len(_LEAD):-2]  # slices of the view copy nothing
    return _from_header(data[:cut], key, _Bodies(lambda start, end: bytes(raw[start:end]), len(raw), damaged))


def _from_header(line: bytes, key: tuple, bodies: _Bodies):
    from studyxf.content.curriculum import Curriculum

    if not line.endswith(b","):
        return None
    try:
        top = json.loads(line[:-1].decode("utf-8") + "}", object_hook=_hook)
        if not isinstance(top, dict) or top.get("format") != FORMAT or top.get("key") != json.dumps(key):
            return None
        head = top["head"]
        warnings = head["warnings"]
        if not isinstance(warnings, list) or not all(isinstance(w, str) for w in warnings):
            return None
        keys = _head_keys()  # once: dataclasses.fields for each of 300 sessions took 10 ms of a start
        return Curriculum(sessions=[_session_in(s, bodies, keys) for s in head["sessions"]], warnings=warnings,
                          drafts=[_session_in(s, bodies, keys) for s in head["drafts"]])
    except (ValueError, KeyError, TypeError, AttributeError):  # a damaged or foreign first line
        return None


# -- the file ---------------------------------------------------------------------------------------
def load(key: tuple, rebuild=None):
    """The curriculum cached under `key`, or None. Only the first line is read now: each body is read
    from the open file when first used (a start of a 200-session deck read and summed 8 MB: 8 ms) and
    checked then; a damaged one is given back from `rebuild()` (the curriculum built from its files),
    and the cache removed so that the next start rebuilds it."""
    from studyxf import safefile

    try:  # a regular file under the cap: a FIFO or a sparse giant put in its place is passed over
        fd, st = safefile.open_regular(_file(), MAX_BYTES)
    except OSError:
        return None
    fh = None
    try:
        size = st.st_size
        line = _first_line(fd, size)
        if line is None or os.pread(fd, len(_LEAD), len(line) + 1) != _LEAD or os.pread(fd, 2, size - 2) != b"]}":
            os.close(fd)
            return None
        base = len(line) + 1 + len(_LEAD)
        fresh = []

        def damaged(sid: str, name: str):
            if not fresh:
                try:
                    _file().unlink()
                except OSError:
                    pass
                fresh.append(rebuild() if rebuild else None)
            session = fresh[0] and (fresh[0].get(sid) or next((d for d in fresh[0].drafts if d.id == sid), None))
            if session is None:
                from studyxf.errors import ContentError

                raise ContentError(f"{_file()}: the curriculum cache was damaged and session {sid} is gone: "
                                   f"run the command again")
            return getattr(session, name)

        # the file stays open while its sessions may be read (a rewrite replaces it, never alters it),
        # and is closed with the last of them
        fh = os.fdopen(fd, "rb", buffering=0)
        bodies = _Bodies(lambda start, end: os.pread(fh.fileno(), end - start, base + start), size - base - 2,
                         damaged)
        found = _from_header(line, key, bodies)
    except Exception:  # noqa: BLE001 - any unreadable, damaged or foreign cache is simply rebuilt
        found = None
    if found is None:
        if fh is not None:
            fh.close()  # the descriptor is the file object's now: closed once, by it
        else:
            os.close(fd)
    return found


def _first_line(fd: int, size: int) -> bytes | None:
    chunks, offset = [], 0
    while offset < size:
        chunk = os.pread(fd, min(256 * 1024, size - offset), offset)
        if not chunk:
            return None
        cut = chunk.find(b"\n")
        if cut >= 0:
            chunks.append(chunk[:cut])
            return b"".join(chunks)
        chunks.append(chunk)
        offset += len(chunk)
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
