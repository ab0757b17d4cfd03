"""The sync folder's files: this device's events appended to DIR/<device-id>/<n>.jsonl (append-only,
fsync'd, a new file past 16 MiB, never rewritten), and the other devices' files read from where the
last sync stopped, each line checked before it is taken: bounded (a line at most 1 MiB, a file read in
chunks and never past what a studyxf writes to one), typed and in range (DESIGN.md, "Two machines, one
history"). A link or other non-file in the folder is never followed, for reading or writing.

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
from datetime import date, datetime, timezone
from pathlib import Path

from studyxf import clock
from studyxf.errors import StudyxfError
from studyxf.store import events
from studyxf.store.db import transaction

MAX_FILE = 16 * 1024 * 1024
MAX_LINE = 1 << 20  # a line over this is never an event of ours (DESIGN.md): skipped, never held whole
CHUNK = 1 << 22  # files are read this much at a time: a 4 GiB file costs memory of one chunk
# four times what a studyxf writes to one file (it starts a new one past MAX_FILE, after a line; a file
# made by hand may hold more): what lies beyond is named once and never read (a 4 GiB sparse file took
# 10 s to scan, every sync while its line waited; 64 MiB take ~0.15 s)
MAX_READ = 4 * MAX_FILE
MAX_DEPTH = 8  # an event nests an attempt's diagnosis (a list of objects) at most; deeper is refused
DEVICE_DIR = re.compile(r"[A-Za-z0-9_-]{1,64}")
GRADES = {"sm2": range(0, 6), "fsrs": range(1, 5)}
# an id's number must leave the key's bits to spare: this device's counter follows its own numbers found
# in the folder, and must never be pushed out of its range by a line (2^63 - 1 made later answers share
# one key and vanish, then raise OverflowError)
MAX_SEQ = 1 << (events.SEQ_BITS - 1)


def numbered(folder: Path) -> list[tuple[int, Path]]:
    """A device folder's files in order: 1.jsonl, 2.jsonl, ... (links and other non-files included:
    the callers refuse them by `regular`)."""
    try:
        entries = os.listdir(folder)
    except OSError:
        return []
    out = []
    for name in entries:
        stem, dot, suffix = name.partition(".")
        if suffix == "jsonl" and stem.isascii() and stem.isdigit() and len(stem) < 10:
            out.append((int(stem), folder / name))
    return sorted(out)


def regular(path: Path) -> bool:
    """Is `path` itself a regular file (lstat: a link is not, whatever it points to)?"""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def is_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def size_of(path: Path) -> int:
    try:
        return os.lstat(path).st_size
    except OSError:
        return 0


def open_file(path: Path) -> int | None:
    """A file of the folder opened for reading, never through a link (O_NOFOLLOW after lstat), never a
    FIFO or device (O_NONBLOCK, then fstat); None when it is not a regular file."""
    if not regular(path):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    return fd


class Lines:
    """The complete lines of [start, end) of an open file, read CHUNK bytes at a time: (line, offset past
    it), the line None when it is over MAX_LINE (its bytes are passed over, never joined). `skipping`:
    the read starts inside such a line. After the loop, `long` says whether the unfinished tail is over
    MAX_LINE too, and `done` is the offset past the last complete line."""

    def __init__(self, fd: int, start: int, end: int, skipping: bool = False):
        self.fd, self.start, self.end, self.long, self.done = fd, start, end, skipping, start

    def __iter__(self):
        pos, buf = self.start, b""
        while pos < self.end:
            chunk = os.pread(self.fd, min(CHUNK, self.end - pos), pos)
            if not chunk:
                break
            base = pos - len(buf)
            pos += len(chunk)
            data = buf + chunk if buf else chunk
            i = 0
            while (j := data.find(b"\n", i)) >= 0:
                self.done = base + j + 1
                yield (None if self.long or j - i > MAX_LINE else data[i:j]), self.done
                self.long, i = False, j + 1
            buf = data[i:]
            if self.long or len(buf) > MAX_LINE:
                self.long, buf = True, b""
        self.end = pos


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

class CopiedDevice(StudyxfError):
    """This device's id writes from another machine too (a copied data directory)."""


def holds(mine: Path, dev: str, sent: int, out_file: int, out_offset: int) -> bool:
    """Does this device's folder hold what the record says was sent to it: the line just before the
    record's place is this device's event numbered `sent`? (A new folder, or another one the learner
    moved to, does not: the whole history goes there. A folder synced with once before and left since
    holds an older place, and its own lines tell how far it got.)"""
    if out_offset == 0:  # a file was full: the record's place is the start of the next one
        path = mine / f"{out_file - 1}.jsonl"
        return out_file <= 1 or (regular(path) and size_of(path) > 0)
    path = mine / f"{out_file}.jsonl"
    fd = open_file(path)
    if fd is None:
        return False
    try:
        if os.fstat(fd).st_size < out_offset:
            return False
        for back in (min(out_offset, 1 << 16), min(out_offset, MAX_LINE + 1)):  # a line is short, as a rule
            tail = os.pread(fd, back, out_offset - back)
            start = tail.rfind(b"\n", 0, len(tail) - 1)
            if start >= 0 or back == out_offset:
                break
    finally:
        os.close(fd)
    if not tail.endswith(b"\n"):
        return False
    event, number, _ = check(tail[start + 1:-1], dev)
    # a line it cannot read (over the cap: a notes text of megabytes) leaves the file's length to tell
    return number == sent if event is not None else True


def _lines_before(path: Path, offset: int) -> int:
    fd = open_file(path)
    if fd is None:
        return 0
    try:
        return sum(os.pread(fd, min(CHUNK, offset - pos), pos).count(b"\n") for pos in range(0, offset, CHUNK))
    finally:
        os.close(fd)


def own_folder(root: Path, dev: str) -> Path:
    """DIR/<this device>, made when missing; a link there (to a folder elsewhere) is refused: sync writes
    only inside DIR."""
    mine = root / dev
    if not is_folder(mine):
        if os.path.lexists(mine):
            raise StudyxfError(f"{mine}: not a folder (a link?): sync writes only inside {root}; move it away, "
                               "then sync again")
        try:
            mine.mkdir()
        except FileExistsError:
            pass
        except OSError as exc:
            raise StudyxfError(f"{mine}: cannot create it: {exc.strerror or exc}") from None
        if not is_folder(mine):
            raise StudyxfError(f"{mine}: not a folder (a link?): sync writes only inside {root}")
    return mine


def beyond_record(conn: sqlite3.Connection, root: Path, dev: str, files: list[tuple[int, Path]], sent: int,
                  out_file: int, out_offset: int, damaged: list[str]) -> tuple[int, list]:
    """This device's complete lines in its files past the record (a killed sync's, or a restored
    database's): the highest number among them (or `sent`), and those this history lacks below its
    counter (numbers a restore passed over: this device's, to take back). Raises CopiedDevice for one
    above the counter or with another body: another machine writes under this id."""
    counter = events.last(conn)[1]
    written, found = sent, []
    for i, (n, path) in enumerate(files):
        if n < out_file:
            continue
        start = out_offset if n == out_file else 0
        if size_of(path) <= start:
            continue
        got, _, _ = read(path, dev, start, _lines_before(path, start) if start else 0, i == len(files) - 1,
                         damaged)
        for event, _, number, body in got:
            here = conn.execute("SELECT body FROM events WHERE key = ?", (events.key(events.LOCAL, number),)).fetchone()
            if here is None and number > counter or here is not None and here[0] != body:
                why = "is not in this history" if here is None else "differs from this history's"
                raise CopiedDevice(
                    f"{path}: event {event['id']} {why}: another machine writes under this device's id (a copied "
                    f"data directory?); run `studyxf sync {root} --new-device` to give this copy an id of its "
                    "own (nothing of either machine is lost)")
            written = max(written, number)
            if here is None:  # a number a restore passed over (store/backups.py)
                found.append((event, dev, number, body))
    return written, found


def send(conn: sqlite3.Connection, root: Path) -> tuple[int, list[tuple[dict, str, int, str]], list[str], bool]:
    """Append this device's unsent events to its files; returns how many were written, this device's
    events found in its files beyond the record that this history lacks (a restored database's: the
    caller takes them in), the warnings, and whether the folder did not hold what the record says was
    sent (then all of its history the folder lacks is sent). Raises CopiedDevice, before writing
    anything, when the files hold an event under this id that this history does not have and did not
    lose to a restore, or one with another body."""
    dev, sent, out_file, out_offset = conn.execute("SELECT id, sent, out_file, out_offset FROM device").fetchone()
    mine = own_folder(root, dev)
    damaged: list[str] = []
    fresh = not holds(mine, dev, sent, out_file, out_offset)
    if fresh:  # said durably before any line is written: a sync killed during the resend goes on with it
        with transaction(conn):
            conn.execute("UPDATE device SET sent = 0, out_file = 0, out_offset = 0")
            conn.execute("DELETE FROM sync_files")  # and the others' files read again from their start
        sent, out_file, out_offset = 0, 0, 0
    entries = numbered(mine)
    files = []
    for n, path in entries:
        if regular(path):
            files.append((n, path))
        else:
            damaged.append(f"{path}: not a regular file (a link?); passed over, never followed")
    written, found = beyond_record(conn, root, dev, files, sent, out_file, out_offset, damaged)
    target, offset = 1, 0
    if entries:
        last_n, last = entries[-1]
        size = size_of(last)
        whole = False
        if regular(last):
            fd = open_file(last)
            if fd is not None:
                try:
                    whole = size == 0 or os.pread(fd, 1, size - 1) == b"\n"
                finally:
                    os.close(fd)
        target, offset = (last_n, size) if whole and size < MAX_FILE else (last_n + 1, 0)
    low, high = events.span(events.LOCAL, written + 1)
    rows = conn.execute("SELECT seq, body FROM events WHERE key BETWEEN ? AND ? ORDER BY key", (low, high))
    top, count, batch, size = written, 0, [], offset
    row = rows.fetchone()
    while row is not None:  # read as it is written: a whole history sent to a new folder is never held at once
        line = row[1].encode() + b"\n"
        batch.append(line)
        size += len(line)
        top, count = row[0], count + 1
        row = rows.fetchone()
        if row is None or size >= MAX_FILE or len(batch) >= 4096:
            _append(mine, target, batch)
            batch = []
            if size >= MAX_FILE:
                target, size = target + 1, 0
    with transaction(conn):
        conn.execute("UPDATE device SET seq = MAX(seq, ?), sent = ?, out_file = ?, out_offset = ?, last_sync = ?",
                     (top, top, target, size, events.aware().isoformat(timespec="seconds")))
    return count, found, damaged, fresh


def _append(mine: Path, target: int, batch: list[bytes]) -> None:
    """Lines appended to this device's file `target`, fsync'd; never through a link (O_NOFOLLOW) nor into
    anything but a regular file."""
    path = mine / f"{target}.jsonl"
    created = not os.path.lexists(path)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK |
                     getattr(os, "O_CLOEXEC", 0), 0o644)
    except OSError as exc:
        raise StudyxfError(f"{path}: cannot write it ({exc.strerror or exc}): sync writes only its own regular "
                           "files; move it away, then sync again") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StudyxfError(f"{path}: not a regular file: move it away, then sync again")
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
    crash_point("after-append")


# -- in --------------------------------------------------------------------------------------------

_STRING_OR_BRACKET = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


def nesting(raw: bytes) -> int:
    """How deep a JSON line nests, counted without parsing it (json.loads recurses: 200,000 levels raised
    RecursionError). Brackets are counted first (C speed); a line with more of them than MAX_DEPTH is
    scanned, strings passed over."""
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return 1
    depth = deepest = 0
    for m in _STRING_OR_BRACKET.finditer(raw):
        c = m.group()
        if c in (b"[", b"{"):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        elif c in (b"]", b"}"):
            depth -= 1
    return deepest


def _refuse_constant(name):
    raise ValueError(name)  # NaN and Infinity are not JSON, and not a number of ours


def shown(value, cap: int = 40) -> str:
    """A value for a warning line: its repr, cut (a line may hold a megabyte)."""
    text = repr(value)
    return text if len(text) <= cap else text[:cap] + "..."


SHORT, NAME, LONG = 512, 256, MAX_LINE
YEARS = (2000, 2200)  # a date outside these is no learner's (9999 or 0001 overflowed the scheduler's dates)


def _text(cap, optional=False):
    def check(v):
        if v is None and optional:
            return None
        if not isinstance(v, str):
            return "not a string"
        return f"longer than {cap} characters" if len(v) > cap else None
    return check


def _int(low, high, optional=False):
    def check(v):
        if v is None and optional:
            return None
        if not isinstance(v, int) or isinstance(v, bool):
            return "not an integer"
        return None if low <= v <= high else f"{shown(v)} is outside {low}..{high}"
    return check


def _number(low, high):
    def check(v):
        if v is None:
            return None
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            return "not a number"
        return None if low <= v <= high else f"{shown(v)} is outside {low}..{high}"
    return check


def _flag(v):
    return None if v is None or isinstance(v, bool) else "not true or false"


def _day(optional=False):
    def check(v):
        if v is None and optional:
            return None
        if not isinstance(v, str) or len(v) > 10:
            return f"{shown(v)} is not a date"
        try:
            year = date.fromisoformat(v).year
        except ValueError:
            return f"{shown(v)} is not a date"
        return None if YEARS[0] <= year <= YEARS[1] else f"{shown(v)} is outside {YEARS[0]}-{YEARS[1]}"
    return check


def _texts(v):
    if v is None:
        return None
    if not isinstance(v, list) or len(v) > 10_000 or not all(isinstance(x, str) and len(x) <= SHORT for x in v):
        return "not a list of strings"
    return None


def _objects(v):
    if v is None:
        return None
    if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
        return "not a list of objects"
    return None


def _journal(v):
    if not isinstance(v, dict) or not all(isinstance(k, str) and len(k) <= 64 and isinstance(x, str)
                                          for k, x in v.items()):
        return "not an object of texts"
    return None


def _after(v):
    if v is None:
        return None
    if not isinstance(v, dict) or not all(isinstance(k, str) and len(k) <= 64 and isinstance(x, str) and len(x) <= 96
                                          for k, x in v.items()):
        return "not an object of event ids"
    return None


_ID, _OPT_TEXT = _text(SHORT), _text(LONG, optional=True)
# each kind's fields: (name, check, required); a field not named is carried as it is (a newer studyxf's)
FIELDS = {
    "review": (("card", _ID, True), ("grade", _int(0, 5), True), ("scale", _text(8, True), False),
               ("day", _day(), True), ("typed", _OPT_TEXT, False), ("seconds", _number(0, 1e7), False),
               ("practice", _flag, False), ("fuzz", _int(-3650, 3650, optional=True), False)),
    "undo": (("card", _ID, True), ("review", _text(SHORT, True), False)),
    "suspend": (("card", _ID, True),), "unsuspend": (("card", _ID, True),), "reset": (("card", _ID, True),),
    "bury": (("card", _ID, True), ("until", _day(optional=True), False)),
    "unbury": (("card", _ID, True), ("until", _day(optional=True), False)),
    "flag": (("card", _ID, True), ("note", _OPT_TEXT, False)),
    "attempt": (("drill", _ID, True), ("status", _text(32), True), ("framework", _text(64, True), False),
                ("file", _text(4096, True), False), ("failing", _texts, False), ("diagnosis", _objects, False),
                ("seconds", _number(0, 1e7), False), ("hints", _int(0, 10_000, optional=True), False),
                ("sha256", _text(64, True), False)),  # the graded file's digest: an unchanged re-grade records nothing
    "hint": (("drill", _ID, True),),
    "mistake-card": (("card", _text(80), True), ("slip", _text(64), True), ("drill", _ID, True),
                     ("prompt", _text(8192), True), ("answer", _text(8192), True), ("day", _day(), True),
                     ("line", _int(0, 10_000_000, optional=True), False), ("code", _text(1024, True), False)),
    "check": (("session", _ID, True), ("list", _text(32), True), ("item", _int(0, 100_000), True),
              ("on", _flag, False)),
    "journal": (("session", _ID, True), ("fields", _journal, True), ("after", _after, False)),
    "notes": (("session", _ID, True), ("text", _OPT_TEXT, False), ("after", _text(96, True), False)),
    "complete": (("session", _ID, True), ("done", _flag, False)),
    "session-flag": (("session", _ID, True), ("on", _flag, False), ("note", _OPT_TEXT, False)),
    "timer": (("key", _ID, True), ("event", _text(32), True), ("elapsed", _number(0, 1e9), False)),
    "device": (("name", _text(NAME), True),),
}
_SLIP = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")  # srs/mistakes.slip_of's ids
_NEW_KIND = re.compile(r"[a-z][a-z0-9-]{0,31}")  # a kind a newer studyxf writes: kept, not applied
_LOW, _HIGH = datetime(YEARS[0], 1, 2, tzinfo=timezone.utc), datetime(YEARS[1], 12, 30, tzinfo=timezone.utc)


# what no text of a learner's holds, and what a terminal acts on when shown (ESC, CSI, BEL, ...): JSON writes
# C0 as \\u00XX, so only a line with an escape, a C1 byte or DEL is walked
# (and a lone surrogate, \\ud800: no UTF-8 holds it, and SQLite's driver raised on it)
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def controls(value) -> bool:
    if isinstance(value, str):
        return _CONTROL.search(value) is not None
    if isinstance(value, dict):
        return any(controls(k) or controls(v) for k, v in value.items())
    if isinstance(value, list):
        return any(controls(v) for v in value)
    return False


_GOOD_DAYS: set[str] = set()  # days already found in range: an answer's day is parsed once per sync


def _plain_review(e: dict) -> bool:
    """A well-formed answer, checked inline (FIELDS' loop of closures cost ~3 us a line, a year's history
    3 s); False sends it through FIELDS, which says what is wrong."""
    card, day, seconds, fuzz, typed, practice = (e.get("card"), e.get("day"), e.get("seconds"), e.get("fuzz"),
                                                e.get("typed"), e.get("practice"))
    if type(day) is not str:  # (a list is not even hashable)
        return False
    if day not in _GOOD_DAYS:
        if _day()(day) is not None:
            return False
        _GOOD_DAYS.add(day)
    return (type(card) is str and len(card) <= SHORT and type(e.get("grade")) is int
            and (typed is None or type(typed) is str) and (practice is None or type(practice) is bool)
            and (seconds is None or type(seconds) in (int, float) and 0 <= seconds <= 1e7)
            and (fuzz is None or type(fuzz) is int and -3650 <= fuzz <= 3650) and e.get("scale") in (None, "sm2", "fsrs"))


def check(raw: bytes, dev: str) -> tuple[dict | None, int, str | None]:
    """An event read from device `dev`'s file: (event, seq, None), or (None, 0, what is wrong). Every field
    this studyxf reads is typed and in range here, before anything reaches the store."""
    if nesting(raw) > MAX_DEPTH:
        return None, 0, f"nested deeper than {MAX_DEPTH} levels"
    try:
        # decoded here, strictly: json.loads would take UTF-16 bytes too, and the line is stored as UTF-8 text
        e = json.loads(raw.decode(), parse_constant=_refuse_constant)
    except UnicodeDecodeError:
        return None, 0, "not UTF-8"
    except (ValueError, RecursionError):
        return None, 0, "not a JSON line"
    if not isinstance(e, dict):
        return None, 0, "not an event (a JSON object)"
    ident = e.get("id")
    owner, _, number = ident.rpartition(":") if isinstance(ident, str) and len(ident) <= 96 else ("", "", "")
    if owner != dev or not number.isascii() or not number.isdigit() or len(number) > 20:
        return None, 0, f"id {shown(ident)} is not {dev}:<n>"
    seq = int(number)
    if not 1 <= seq <= MAX_SEQ:
        return None, 0, f"id {shown(ident)}: its number is outside 1..2^{events.SEQ_BITS - 1}"
    at, kind = e.get("at"), e.get("kind")
    try:
        if not isinstance(at, str) or len(at) > 40:
            raise ValueError
        e["_at"] = datetime.fromisoformat(at)  # parsed once: the order and the replay read it (never written)
        if e["_at"].tzinfo is None:
            raise ValueError
    except ValueError:
        return None, 0, f"at {shown(at)} is not a time with its UTC offset"
    if not _LOW <= e["_at"] <= _HIGH:
        return None, 0, f"at {shown(at)} is outside {YEARS[0]}-{YEARS[1]}"
    if not isinstance(kind, str):
        return None, 0, "no kind"
    fields = FIELDS.get(kind)
    if fields is None:
        return (e, seq, None) if _NEW_KIND.fullmatch(kind) else (None, 0, f"kind {shown(kind)} is not a kind")
    for field, test, required in (() if kind == "review" and _plain_review(e) else fields):
        value = e.get(field)
        if value is None and required:
            return None, 0, f"{kind}: {field} missing"
        wrong = test(value)
        if wrong:
            return None, 0, f"{kind}: {field} {wrong}"
    if (b"\\u" in raw or b"\xc2" in raw or b"\x7f" in raw) and controls(e):
        return None, 0, f"{kind}: a control character or a lone surrogate in a text"
    if kind == "mistake-card" and (e["card"] != "mistakes/" + e["slip"] or not _SLIP.fullmatch(e["slip"])):
        return None, 0, f"mistake-card: card {shown(e['card'])} is not mistakes/<slip id>"
    if kind == "review":
        scale = e.get("scale") or "sm2"
        if scale not in GRADES or e["grade"] not in GRADES[scale]:
            return None, 0, f"review: grade {e['grade']!r} is not on the {shown(scale)} scale"
    return e, seq, None


def read(path: Path, dev: str, offset: int, line: int, last: bool, damaged: list[str]):
    """The events `path` gained past `offset`, checked: (events as receive gives them, new offset, new
    line count). A bad line is named once, `PATH:LINE: why`, and passed over; an unfinished last line is
    left for a later sync unless `last` is false (the writer started a later file). `line` < 0: the
    file's line -line+1 is over MAX_LINE, named already, and its bytes up to `offset` were passed over."""
    out = []
    fd = open_file(path)
    if fd is None:
        return out, offset, line
    try:
        size = os.fstat(fd).st_size
        skipping, line = line < 0, abs(line)
        if size < offset:
            damaged.append(f"{path}: shorter than when it was last read; read again from its start")
            offset, line, skipping = 0, 0, False
        if size == offset or offset >= MAX_READ:  # nothing new, or past what any studyxf writes (named once)
            return out, max(offset, size), -line if skipping else line
        end = min(size, MAX_READ)
        lines = Lines(fd, offset, end, skipping)
        for raw, _ in lines:
            line += 1
            if raw is None:
                if not skipping:
                    damaged.append(f"{path}:{line}: a line over {MAX_LINE >> 20} MiB; skipped")
            else:
                event, seq, error = check(raw, dev)
                if error:
                    damaged.append(f"{path}:{line}: {error}; skipped")
                else:
                    out.append((event, dev, seq, raw.decode()))
            skipping = False
        if size > MAX_READ:
            damaged.append(f"{path}: over {MAX_READ >> 20} MiB, more than studyxf writes to one file; "
                           f"what lies past line {line} is not read")
            return out, size, line
        if lines.long:  # an unfinished line already over the cap: named now, its bytes never read again
            if not skipping:
                damaged.append(f"{path}:{line + 1}: a line over {MAX_LINE >> 20} MiB; skipped")
            return out, lines.end, -line
        if lines.end > lines.done and not last:
            line += 1
            damaged.append(f"{path}:{line}: an unfinished line its device gave up (it wrote a later file); skipped")
            return out, lines.end, line
        return out, lines.done, line
    finally:
        os.close(fd)


def receive(conn: sqlite3.Connection, root: Path, me: str) -> tuple[list[tuple[dict, str, int, str]], list[str]]:
    """The lines the other devices' files gained since the last sync, checked; records how far each
    file was read (inside the caller's transaction). A damaged line is reported PATH:LINE and
    passed over; an unfinished last line is left for a later sync, unless a later file shows the
    writer gave it up. A link or other non-file is named once and never followed."""
    known = {p: (o, n) for p, o, n in conn.execute("SELECT path, offset, line FROM sync_files")}
    out, damaged = [], []
    if not is_folder(root):
        return out, damaged
    for name in sorted(os.listdir(root)):
        folder, dev = root / name, name
        if dev == me or not DEVICE_DIR.fullmatch(dev):
            continue
        if not is_folder(folder):
            if f"{dev}/" not in known:
                damaged.append(f"{folder}: not a folder (a link?); passed over, never followed")
                conn.execute("INSERT OR REPLACE INTO sync_files VALUES (?, ?, 0, 0)", (f"{dev}/", dev))
            continue
        files = numbered(folder)
        for i, (_, path) in enumerate(files):
            rel = f"{dev}/{path.name}"
            offset, line = known.get(rel, (0, 0))
            if not regular(path):
                if rel not in known:
                    damaged.append(f"{path}: not a regular file (a link?); passed over, never followed")
                    conn.execute("INSERT OR REPLACE INTO sync_files VALUES (?, ?, 0, 0)", (rel, dev))
                continue
            got, new_offset, new_line = read(path, dev, offset, line, i == len(files) - 1, damaged)
            out += got
            if (new_offset, new_line) != (offset, line):
                conn.execute("INSERT OR REPLACE INTO sync_files VALUES (?, ?, ?, ?)", (rel, dev, new_offset, new_line))
    return out, damaged


def unread(conn: sqlite3.Connection, root: Path, me: str) -> dict[str, int]:
    """Bytes in each other device's files not read yet (for --status; writes nothing)."""
    known = {p: o for p, o in conn.execute("SELECT path, offset FROM sync_files")}
    out: dict[str, int] = {}
    if not is_folder(root):
        return out
    for name in sorted(os.listdir(root)):
        if name == me or not DEVICE_DIR.fullmatch(name) or not is_folder(root / name):
            continue
        total = 0
        for _, path in numbered(root / name):
            if regular(path):
                total += max(0, size_of(path) - known.get(f"{name}/{path.name}", 0))
        out[name] = total
    return out


def last_written(root: Path, dev: str) -> str | None:
    files = [p for _, p in numbered(root / dev) if regular(p)] if is_folder(root / dev) else []
    if not files:
        return None
    moment = datetime.fromtimestamp(max(os.lstat(p).st_mtime for p in files))
    return clock.timestamp(moment)
