"""A cache of the built curriculum in the data dir, so `today` starts without parsing YAML (the
parser, the schema and the files cost ~30 ms of a ~300 ms start).

The key is every input's (path, mtime, size): the session files of every folder, and the
content package's own source files, so an edit to either rebuilds. A missing, stale, corrupt
or unwritable cache is never an error: the curriculum is built from the files instead.
`studyxf check` never reads it."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

from studyxf import __version__, paths

_CODE = Path(__file__).resolve().parent


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
    return paths.home() / "cache" / "curriculum.pickle"


def load(key: tuple):
    try:
        with _file().open("rb") as fh:
            stored_key, value = pickle.load(fh)
    except Exception:  # noqa: BLE001 - any unreadable cache is simply rebuilt
        return None
    return value if stored_key == key else None


def store(key: tuple, value) -> None:
    target = _file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        with tmp.open("wb") as fh:
            pickle.dump((key, value), fh, protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(target)  # atomic: a second process reads the old cache or the new, never half
    except OSError:
        pass
