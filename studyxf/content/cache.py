"""A cache of the built curriculum in the data dir, so `today` starts without parsing YAML (the
parser, the schema and the files cost ~30 ms of a ~300 ms start).

Data only: JSON, read back into Session objects by this module's own code. Nothing in the data
directory is ever unpickled or imported (a file written there by a synced folder or a bad drill
must not run code in the next `studyxf today`; the pickle this replaced did exactly that).

The key is every input's (path, mtime, size): the session files of every folder, and the
content package's own source files, so an edit to either rebuilds. A missing, stale, corrupt,
foreign or unwritable cache is never an error: the curriculum is built from the files instead.
The first line holds each session's head; its data and prompts are decoded when first read (a deck of 200
sessions is 8 MB, which took 0.2-0.5 s to parse whole at each start). A check sum over the bodies is
verified on load, so a damaged file is rebuilt then and never found broken later.
The file is read through safefile (a regular file under a cap: a FIFO or a sparse giant put in
its place is passed over). `studyxf check` never reads it."""

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
FORMAT = "studyxf-curriculum-cache/2"
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


def _thunk(decode, raw: bytes, span) -> object:
    if not (isinstance(span, list) and len(span) == 2 and all(isinstance(i, int) for i in span)
            and 0 <= span[0] <= span[1] <= len(raw)):
        raise ValueError("not a session")
    start, end = span
    return lambda: decode(bytes(raw[start:end]))


def _head_keys() -> frozenset:
    """The keys of a session's head: every field of Session but the bodies, and where those lie."""
    from studyxf.content.sessions import Session

    return frozenset({f.name for f in dataclasses.fields(Session)} - set(_BODIES)) | {f"${n}" for n in _BODIES}


def _session_in(head: dict, bodies: bytes, keys: frozenset):
    """A Session from its head; its data and its recall prompts are each decoded from `bodies` when
    first read (Session.__getattr__), so a start that shows one session of 300 decodes one, and a
    card's prompt does not decode its session's data."""
    from studyxf.content.sessions import Session

    if not isinstance(head, dict) or head.keys() != keys:
        raise ValueError("not a session")
    if not isinstance(head["id"], str):
        raise ValueError("not a session")
    session = object.__new__(Session)
    session.__dict__.update((k, v) for k, v in head.items() if not k.startswith("$"))
    session.__dict__["_lazy"] = {n: _thunk(decode, bodies, head[f"${n}"]) for n, (_, decode) in _BODIES.items()}
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
                head[f"${name}"] = [offset, offset + len(body)]
                chunks.append(body)
                offset += len(body) + 1
            out.append(head)
        return out

    first = {"sessions": heads(curriculum.sessions), "drafts": heads(curriculum.drafts),
             "warnings": list(curriculum.warnings)}
    bodies = b",".join(chunks)
    header = json.dumps({"format": FORMAT, "key": json.dumps(key), "crc": zlib.crc32(bodies), "head": first},
                        ensure_ascii=False, separators=(",", ":"))
    # the object is reopened so the bodies follow inside it; json.dumps writes no raw newline, so the
    # first one ends the header
    return header[:-1] + ',\n"bodies":[' + bodies.decode("utf-8") + "]}"


def loads(text: str | bytes, key: tuple):
    """The curriculum in `text` when it was stored under `key`; None for anything else."""
    from studyxf.content.curriculum import Curriculum

    data = text.encode("utf-8") if isinstance(text, str) else text
    raw, cut = memoryview(data), data.find(b"\n")  # slices of the view copy nothing
    lead = b'"bodies":['
    if cut < 1 or raw[cut - 1:cut] != b"," or raw[cut + 1:cut + 1 + len(lead)] != lead or raw[-2:] != b"]}":
        return None
    top = json.loads(raw[:cut - 1].tobytes().decode("utf-8") + "}", object_hook=_hook)
    if not isinstance(top, dict) or top.get("format") != FORMAT or top.get("key") != json.dumps(key):
        return None
    bodies = raw[cut + 1 + len(lead):-2]
    if top.get("crc") != zlib.crc32(bodies):  # a damaged file is rebuilt here, not found broken later
        return None
    head = top["head"]
    warnings = head["warnings"]
    if not isinstance(warnings, list) or not all(isinstance(w, str) for w in warnings):
        return None
    keys = _head_keys()  # once: dataclasses.fields for each of 300 sessions took 10 ms of a start
    return Curriculum(sessions=[_session_in(s, bodies, keys) for s in head["sessions"]], warnings=warnings,
                      drafts=[_session_in(s, bodies, keys) for s in head["drafts"]])


# -- the file ---------------------------------------------------------------------------------------
def load(key: tuple):
    from studyxf import safefile

    try:
        return loads(safefile.read_bytes(_file(), MAX_BYTES), key)
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
