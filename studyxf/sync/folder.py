"""The sync folder's files: this device's events appended to DIR/<device-id>/<n>.jsonl (append-only,
fsync'd, a new file past 16 MiB, never rewritten), and the other devices' files read from where the
last sync stopped, each line checked before it is taken.

What was sent is what the files hold: a sync killed between the append and the database's update
finds its complete lines there and does not send them twice; a line it left half-written ends that
file, and the next sync starts a new one.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sqlite3
from datetime import date, datetime
from pathlib import Path

from studyxf import clock
from studyxf.store import events
from studyxf.store.db import transaction

MAX_FILE = 16 * 1024 * 1024
DEVICE_DIR = re.compile(r"[A-Za-z0-9_-]{1,64}")
GRADES = {"sm2": range(0, 6), "fsrs": range(1, 5)}


def numbered(folder: Path) -> list[tuple[int, Path]]:
    """A device folder's files in order: 1.jsonl, 2.jsonl, ..."""
    if not folder.is_dir():
        return []
    out = []
    for path in folder.iterdir():
        if path.suffix == ".jsonl" and path.stem.isdigit():
            out.append((int(path.stem), path))
    return sorted(out)


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False


def _read(path: Path, start: int, size: int) -> bytes:
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return b""
        os.lseek(fd, start, os.SEEK_SET)
        chunks, left = [], size - start
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 22))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def crash_point(name: str) -> None:
    """Fault injection for the tests: STUDYXF_SYNC_CRASH=NAME kills this process there, as a power
    cut or a SIGKILL would (after-append, mid-append, before-commit)."""
    if os.environ.get("STUDYXF_SYNC_CRASH") == name:
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- out -------------------------------------------------------------------------------------------

def send(conn: sqlite3.Connection, root: Path) -> tuple[int, list[tuple[dict, str, int, str]]]:
    """Append this device's unsent events to its files; returns how many were written, and this device's
    events found in its files beyond the record (as `receive` gives events): those a restored database
    lost are taken in again by the caller, the others are here already."""
    dev, sent, out_file, out_offset = conn.execute("SELECT id, sent, out_file, out_offset FROM device").fetchone()
    mine = root / dev
    mine.mkdir(parents=True, exist_ok=True)
    files = [(n, p) for n, p in numbered(mine) if _regular(p)]
    written, found = sent, []
    for n, path in files:  # complete lines a killed sync (or a restored database) left beyond the record
        if n < out_file:
            continue
        start = out_offset if n == out_file else 0
        size = path.stat().st_size
        if size <= start:
            continue
        for raw in _read(path, start, size).split(b"\n")[:-1]:
            event, number, _ = check(raw, dev)
            if event is not None:
                written = max(written, number)
                found.append((event, dev, number, raw.decode()))
    target, offset = 1, 0
    if files:
        last_n, last = files[-1]
        size = last.stat().st_size
        whole = size == 0 or _read(last, size - 1, size) == b"\n"
        target, offset = (last_n, size) if whole and size < MAX_FILE else (last_n + 1, 0)
    low, high = events.span(events.LOCAL, written + 1)
    rows = conn.execute("SELECT seq, body FROM events WHERE key BETWEEN ? AND ? ORDER BY key", (low, high)).fetchall()
    top, i = written, 0
    while i < len(rows):
        path = mine / f"{target}.jsonl"
        created = not path.exists()
        batch, size = [], offset
        while i < len(rows) and (size < MAX_FILE or not batch):
            line = rows[i][1].encode() + b"\n"
            batch.append(line)
            size += len(line)
            top = rows[i][0]
            i += 1
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            view = memoryview(b"".join(batch))
            if os.environ.get("STUDYXF_SYNC_CRASH") == "mid-append":
                os.write(fd, view[:len(view) // 2 + 1])
                os.fsync(fd)
                crash_point("mid-append")
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if created:
            _fsync_dir(mine)
        target, offset = (target, size) if size < MAX_FILE else (target + 1, 0)
        crash_point("after-append")
    with transaction(conn):
        conn.execute("UPDATE device SET seq = MAX(seq, ?), sent = ?, out_file = ?, out_offset = ?, last_sync = ?",
                     (top, top, target, offset, events.aware().isoformat(timespec="seconds")))
    return len(rows), found


# -- in --------------------------------------------------------------------------------------------

def check(raw: bytes, dev: str) -> tuple[dict | None, int, str | None]:
    """An event read from device `dev`'s file: (event, seq, None), or (None, 0, what is wrong)."""
    try:
        e = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None, 0, "not a JSON line"
    if not isinstance(e, dict):
        return None, 0, "not an event (a JSON object)"
    ident = e.get("id")
    owner, _, number = ident.rpartition(":") if isinstance(ident, str) else ("", "", "")
    if owner != dev or not number.isdigit() or int(number) < 1:
        return None, 0, f"id {ident!r} is not {dev}:<n>"
    at, kind = e.get("at"), e.get("kind")
    try:
        if not isinstance(at, str):
            raise ValueError
        e["_at"] = datetime.fromisoformat(at)  # parsed once: the order and the replay read it (never written)
        if e["_at"].tzinfo is None:
            raise ValueError
    except ValueError:
        return None, 0, f"at {at!r} is not a time with its UTC offset"
    if not isinstance(kind, str):
        return None, 0, "no kind"
    need = {"card": str} if kind in events.CARD_KINDS else {"drill": str} if kind in events.DRILL_KINDS else \
        {"session": str} if kind in events.SESSION_KINDS else {"key": str} if kind == "timer" else {}
    if kind == "review":
        need.update(grade=int, day=str)
    elif kind == "attempt":
        need.update(status=str)
    elif kind == "check":
        need.update(list=str, item=int)
    for field, kind_of in need.items():
        if not isinstance(e.get(field), kind_of) or isinstance(e.get(field), bool):
            return None, 0, f"{kind}: {field} missing or not a {kind_of.__name__}"
    if kind == "review":
        scale = e.get("scale", "sm2")
        if scale not in GRADES or e["grade"] not in GRADES[scale]:
            return None, 0, f"review: grade {e['grade']!r} is not on the {scale!r} scale"
        try:
            date.fromisoformat(e["day"])
        except ValueError:
            return None, 0, f"review: day {e['day']!r} is not a date"
    return e, int(number), None


def receive(conn: sqlite3.Connection, root: Path, me: str) -> tuple[list[tuple[dict, str, int, str]], list[str]]:
    """The lines the other devices' files gained since the last sync, checked; records how far each
    file was read (inside the caller's transaction). A damaged line is reported PATH:LINE and
    passed over; an unfinished last line is left for a later sync, unless a later file shows the
    writer gave it up."""
    known = {p: (o, n) for p, o, n in conn.execute("SELECT path, offset, line FROM sync_files")}
    out, damaged = [], []
    if not root.is_dir():
        return out, damaged
    for folder in sorted(root.iterdir()):
        dev = folder.name
        if dev == me or not DEVICE_DIR.fullmatch(dev) or not folder.is_dir():
            continue
        files = numbered(folder)
        for i, (_, path) in enumerate(files):
            rel = f"{dev}/{path.name}"
            offset, line = known.get(rel, (0, 0))
            if not _regular(path):
                if rel not in known:
                    damaged.append(f"{path}: not a regular file; passed over")
                    conn.execute("INSERT OR REPLACE INTO sync_files VALUES (?, ?, 0, 0)", (rel, dev))
                continue
            size = path.stat().st_size
            if size < offset:
                damaged.append(f"{path}: shorter than when it was last read; read again from its start")
                offset, line = 0, 0
            if size == offset:
                continue
            data = _read(path, offset, size)
            parts = data.split(b"\n")
            tail = parts.pop()
            for raw in parts:
                line += 1
                event, seq, error = check(raw, dev)
                if error:
                    damaged.append(f"{path}:{line}: {error}; skipped")
                else:
                    out.append((event, dev, seq, raw.decode()))
            used = len(data) - len(tail)
            if tail and i < len(files) - 1:
                line += 1
                damaged.append(f"{path}:{line}: an unfinished line its device gave up (it wrote a later file); skipped")
                used = len(data)
            conn.execute("INSERT OR REPLACE INTO sync_files VALUES (?, ?, ?, ?)", (rel, dev, offset + used, line))
    return out, damaged


def unread(conn: sqlite3.Connection, root: Path, me: str) -> dict[str, int]:
    """Bytes in each other device's files not read yet (for --status; writes nothing)."""
    known = {p: o for p, o in conn.execute("SELECT path, offset FROM sync_files")}
    out: dict[str, int] = {}
    if not root.is_dir():
        return out
    for folder in sorted(root.iterdir()):
        if folder.name == me or not DEVICE_DIR.fullmatch(folder.name) or not folder.is_dir():
            continue
        total = 0
        for _, path in numbered(folder):
            if _regular(path):
                total += max(0, path.stat().st_size - known.get(f"{folder.name}/{path.name}", 0))
        out[folder.name] = total
    return out


def last_written(root: Path, dev: str) -> str | None:
    files = [p for _, p in numbered(root / dev) if _regular(p)]
    if not files:
        return None
    moment = datetime.fromtimestamp(max(p.stat().st_mtime for p in files))
    return clock.timestamp(moment)
