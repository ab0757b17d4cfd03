"""The event log: every change to the history is also one event, written by `record` in the same
transaction as the change, with a globally unique id `<device>:<seq>` (DESIGN.md, "Two machines,
one history"). `studyxf sync` (studyxf/sync/) sends these and replays the merged log.

An event is a JSON object: {"id", "at" (ISO 8601 with the UTC offset, microseconds), "kind",
...fields}. `ord` orders the merged log: the UTC time, then the device, then the sequence number.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone

from studyxf import clock

# subject prefixes: what an event is about, so a replay reads one card's (drill's, ...) events by index
CARD, DRILL, SESSION, TIMER, DEVICE = "card:", "drill:", "session:", "timer:", "device:"
# "mistake-card": a mistake card made, with its text (srs/mistakes.py)
CARD_KINDS = ("review", "undo", "suspend", "unsuspend", "bury", "unbury", "reset", "flag", "mistake-card")
DRILL_KINDS = ("attempt", "hint")
SESSION_KINDS = ("check", "journal", "notes", "complete", "session-flag")
KINDS = CARD_KINDS + DRILL_KINDS + SESSION_KINDS + ("timer", "device")


def printable(text: str) -> str:
    """Text from the sync folder as it may be printed: control characters escaped (\\x1b, \\u202e)."""
    from studyxf.escape import escaped

    return escaped(text)


def new_device_id() -> str:
    import secrets  # with hashlib and hmac, ~2.5 ms of every start; only a new install needs it

    return secrets.token_hex(8)


def default_name() -> str:
    """Who and where, as sync's lines name a device ("ana@laptop (Linux)"): a bare host name is often
    the same on two machines ("localhost", a distribution's default), and says nothing of the system."""
    import getpass
    import platform
    import socket

    host = socket.gethostname().split(".")[0] or "studyxf"
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no login name (a container's numeric user)
        user = ""
    system = {"Darwin": "macOS"}.get(platform.system(), platform.system())
    return f"{user + '@' if user else ''}{host}" + (f" ({system})" if system else "")


def aware(moment: datetime | None = None) -> datetime:
    """A moment (studyxf's local naive time, or aware) as an aware time with this machine's offset."""
    moment = moment or clock.now()
    return moment.astimezone() if moment.tzinfo is None else moment


def _parsed(at: str | datetime) -> datetime:
    return at if isinstance(at, datetime) else datetime.fromisoformat(at)


def local_seconds(at: str | datetime) -> str:
    """An event's time as the tables store times: local, naive, to the second."""
    return _parsed(at).astimezone().replace(tzinfo=None).isoformat(timespec="seconds")


def local_moment(at: str | datetime) -> datetime:
    """An event's time as clock.now() gives it: local and naive (microseconds kept)."""
    return _parsed(at).astimezone().replace(tzinfo=None)


def when(event: dict) -> str | datetime:
    """An event's time: the parsed one a sync attached on reading it (`_at`), else its text."""
    return event.get("_at") or event["at"]


def order_key(at: str | datetime, device: str, seq: int) -> str:
    """The merged log's order: time (UTC), then device, then sequence (ties by event id)."""
    # the UTC time's text less its "+00:00": a slice, ~0.8 us less than replace(tzinfo=None) (issue 30)
    utc = _parsed(at).astimezone(timezone.utc).isoformat(timespec="microseconds")[:-6]
    return f"{utc} {device} {seq:012d}"


def subject_of(event: dict) -> str | None:
    kind = event.get("kind")
    if kind in CARD_KINDS:
        return CARD + str(event.get("card"))
    if kind in DRILL_KINDS:
        return DRILL + str(event.get("drill"))
    if kind in SESSION_KINDS:
        return SESSION + str(event.get("session"))
    if kind == "timer":
        return TIMER + str(event.get("key"))
    if kind == "device":
        return DEVICE + str(event.get("id", "")).rsplit(":", 1)[0]
    return None


# one encoder, not one per call as json.dumps with options builds (2 us of an answer's 20 of Python)
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def encode(event: dict) -> str:
    return _ENCODER.encode(event)


# An answer's event is recorded without its subject: the subject index (most of whose entries would be
# this device's answers) holds the other events, and a card's own answers are found through its review
# rows (card_log); one B-tree fewer written per answer (issue 30). Received events keep their subject.
SUBJECT_INDEX = "CREATE INDEX events_subject ON events (subject, ord) WHERE subject IS NOT NULL"

# An event's key in the log: its device's number and its sequence number in one integer, so that
# (device, seq) is unique without an index of its own and one device's events are a range of the
# table; this install's number is the largest, so its events are appended at the table's end (issue
# 30: an answer writes its event into two B-trees, the table and events_subject)
SEQ_BITS = 40
LOCAL = (1 << 23) - 1


def key(index: int, seq: int) -> int:
    return (index << SEQ_BITS) | seq


def create_tables(conn: sqlite3.Connection) -> None:
    """Migration 6's tables: this install's identity and counter, the log (keyed as `keyed` makes it),
    and how far each other device's files have been read."""
    conn.execute("CREATE TABLE device (id TEXT PRIMARY KEY, name TEXT NOT NULL, seq INTEGER NOT NULL DEFAULT 0, "
                 "sent INTEGER NOT NULL DEFAULT 0, out_file INTEGER NOT NULL DEFAULT 0, "
                 "out_offset INTEGER NOT NULL DEFAULT 0, last_sync TEXT)")
    conn.execute("INSERT INTO device (id, name) VALUES (?, ?)", (new_device_id(), default_name()))
    _keyed_tables(conn)
    conn.execute(SUBJECT_INDEX)
    conn.execute("CREATE TABLE sync_files (path TEXT PRIMARY KEY, device TEXT NOT NULL, "
                 "offset INTEGER NOT NULL, line INTEGER NOT NULL)")
    conn.execute("ALTER TABLE reviews ADD COLUMN event TEXT")
    conn.execute("ALTER TABLE drill_attempts ADD COLUMN event TEXT")


def _keyed_tables(conn: sqlite3.Connection, table: str = "events") -> None:
    conn.execute("CREATE TABLE IF NOT EXISTS event_devices (idx INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE)")
    conn.execute("INSERT OR IGNORE INTO event_devices (idx, id) SELECT ?, id FROM device", (LOCAL,))
    conn.execute(f"CREATE TABLE {table} (key INTEGER PRIMARY KEY, id TEXT NOT NULL, device TEXT NOT NULL, "
                 "seq INTEGER NOT NULL, ord TEXT NOT NULL, kind TEXT NOT NULL, subject TEXT, body TEXT NOT NULL)")


def keyed(conn: sqlite3.Connection) -> None:
    """Migrations 8 and 9: a log written before keys (schemas 6-8, indexed by (device, seq)) is copied
    into the keyed table, each device's events in order (every row appended); a keyed one is left."""
    if "key" in {r[1] for r in conn.execute("PRAGMA table_info(events)")}:
        return
    _keyed_tables(conn, "events_keyed")
    me = conn.execute("SELECT id FROM device").fetchone()[0]
    # the other devices numbered in the order of their ids: the index on (device, seq) gives their
    # events in the order of the keys
    conn.execute("INSERT INTO event_devices (idx, id) SELECT ROW_NUMBER() OVER (ORDER BY device), device FROM "
                 "(SELECT DISTINCT device FROM events WHERE device != ?)", (me,))
    copy = ("INSERT INTO events_keyed (key, id, device, seq, ord, kind, subject, body) SELECT "
            f"(SELECT idx FROM event_devices d WHERE d.id = e.device) << {SEQ_BITS} | e.seq, e.id, e.device, e.seq, "
            "e.ord, e.kind, {subject}, e.body FROM events e INDEXED BY events_device_seq ")
    conn.execute(copy.format(subject="e.subject") + "WHERE e.device != ? ORDER BY e.device, e.seq", (me,))
    conn.execute(copy.format(subject="CASE e.kind WHEN 'review' THEN NULL ELSE e.subject END") +
                 "WHERE e.device = ? ORDER BY e.device, e.seq", (me,))
    conn.execute("DROP TABLE events")
    conn.execute("ALTER TABLE events_keyed RENAME TO events")
    conn.execute(SUBJECT_INDEX)


def device(conn: sqlite3.Connection) -> tuple[str, str]:
    """(id, name) of this install."""
    return conn.execute("SELECT id, name FROM device").fetchone()


def device_index(conn: sqlite3.Connection, device_id: str) -> int:
    """The number of a device's events in the keys, given when its first event arrives."""
    found = conn.execute("SELECT idx FROM event_devices WHERE id = ?", (device_id,)).fetchone()
    if found:
        return found[0]
    conn.execute("INSERT INTO event_devices (idx, id) SELECT COALESCE(MAX(idx), 0) + 1, ? FROM event_devices "
                 "WHERE idx < ?", (device_id, LOCAL))
    return conn.execute("SELECT idx FROM event_devices WHERE id = ?", (device_id,)).fetchone()[0]


def span(index: int, low: int = 0, high: int = (1 << SEQ_BITS) - 1) -> tuple[int, int]:
    """The keys of a device's events numbered low..high."""
    return key(index, low), key(index, high)


INSERT = "INSERT OR IGNORE INTO events (key, id, device, seq, ord, kind, subject, body) VALUES (?,?,?,?,?,?,?,?)"


def row(event: dict, index: int, device_id: str, seq: int, body: str | None = None) -> tuple:
    """The events table's row of an event of the device numbered `index` (`body`: its line as read,
    when it was read)."""
    return (key(index, seq), event["id"], device_id, seq, order_key(when(event), device_id, seq), event["kind"],
            subject_of(event), body if body is not None else encode(event))


# this device's id and last sequence number: the highest of its events here, or higher where a sync
# found more of them in its own files (a database restored from an older backup must not reuse a
# number); as columns, so that a caller's own query (FROM ... device) can read them too: an answer reads
# them with its card's row, one statement fewer (issue 30)
LAST_COLUMNS = (f"device.id, MAX(device.seq, COALESCE((SELECT MAX(key) FROM events WHERE key >= {key(LOCAL, 0)}) - "
                f"{key(LOCAL, 0)}, 0))")
LAST = f"SELECT {LAST_COLUMNS} FROM device"


def last(conn: sqlite3.Connection) -> tuple[str, int]:
    """(this device's id, its last sequence number)."""
    return conn.execute(LAST).fetchone()


def record(conn: sqlite3.Connection, kind: str, moment: datetime | None = None,
           seq_from: tuple[str, int] | None = None, **fields) -> str:
    """Write one event of this device inside the caller's transaction (whose write lock keeps two
    processes from taking the same number); returns its id. The number is read, not counted in the
    device row: an answer's commit writes one page less (issue 30). `seq_from`: what `last` gives,
    when the caller read it (LAST_COLUMNS) in this transaction."""
    if not conn.in_transaction:
        raise RuntimeError("events.record needs the caller's transaction")
    device_id, seq = seq_from or last(conn)
    seq += 1
    at = aware(moment)
    event = {"id": f"{device_id}:{seq}", "at": at.isoformat(timespec="microseconds"), "kind": kind, **fields}
    conn.execute(INSERT, (key(LOCAL, seq), event["id"], device_id, seq, order_key(at, device_id, seq), kind,
                          None if kind == "review" else subject_of(event), encode(event)))
    return event["id"]


def card_log(conn: sqlite3.Connection, card_id: str) -> list[tuple[str, str, str]]:
    """(id, ord, body) of a card's events in the merged order: those with its subject, and this device's
    answers to it, found through its review rows (an answer undone, or before a reset, has none: a
    replay skips those)."""
    mine = conn.execute("SELECT id FROM device").fetchone()[0] + ":"
    rows = conn.execute("SELECT id, ord, body FROM events WHERE subject = ?", (CARD + card_id,)).fetchall()
    rows += conn.execute(
        f"SELECT e.id, e.ord, e.body FROM reviews r JOIN events e ON e.key = {key(LOCAL, 0)} | "
        "CAST(substr(r.event, ?1) AS INTEGER) WHERE r.card_id = ?2 AND substr(r.event, 1, ?3) = ?4",
        (len(mine) + 1, card_id, len(mine), mine)).fetchall()
    return sorted({r[0]: r for r in rows}.values(), key=lambda r: r[1])


def backfill(conn: sqlite3.Connection) -> None:
    """Migration 6: the history written before events existed becomes events of this device, so a
    first sync sends it and a replay rebuilds the same state: reviews and drill attempts in the
    order they were written, then the state that is not derived from them (suspensions, burials,
    flags, checklists, journals, notes, completions, session flags, timer logs, hints shown)."""
    def at_of(text: str | None) -> datetime:
        return datetime.fromisoformat(text) if text else clock.now()

    from datetime import date

    for (rid, card, at, day, grade, reask, typed, seconds, practice, new_interval, new_due,
         scale) in conn.execute("SELECT id, card_id, at, day, grade, reask, typed, seconds, practice, new_interval, "
                                "new_due, scale FROM reviews ORDER BY id").fetchall():
        fuzz = 0
        if scale == "sm2" and not reask and new_due and new_interval is not None:
            fuzz = (date.fromisoformat(new_due) - date.fromisoformat(day)).days - new_interval
        eid = record(conn, "review", at_of(at), card=card, grade=grade, scale=scale, day=day, typed=typed,
                     seconds=seconds, practice=bool(practice), fuzz=fuzz)
        conn.execute("UPDATE reviews SET event = ? WHERE id = ?", (eid, rid))
    for rid, drill, at, file, status, framework, failing, diagnosis, seconds, hints in conn.execute(
            "SELECT id, drill, at, file, status, framework, failing, diagnosis, seconds, hints_used "
            "FROM drill_attempts ORDER BY id").fetchall():
        eid = record(conn, "attempt", at_of(at), **attempt_fields(drill, file, status, framework, failing, diagnosis,
                                                                    seconds, hints))
        conn.execute("UPDATE drill_attempts SET event = ? WHERE id = ?", (eid, rid))
    for drill, shown, at in conn.execute("SELECT drill, shown, at FROM drill_hints").fetchall():
        for _ in range(shown or 0):
            record(conn, "hint", at_of(at), drill=drill)
    for card, suspended, leech, removed, buried, flag in conn.execute(
            "SELECT id, suspended, leech, removed, buried_until, flag FROM cards ORDER BY id").fetchall():
        if suspended and not leech and not removed:
            record(conn, "suspend", card=card)
        if leech and not suspended:
            record(conn, "unsuspend", card=card)
        if buried:
            record(conn, "bury", card=card, until=buried)
        if flag:
            record(conn, "flag", card=card, note=flag)
    for session, kind, item, at in conn.execute("SELECT session_id, kind, item, checked_at FROM checks").fetchall():
        record(conn, "check", at_of(at), session=session, list=kind, item=item, on=True)
    for session, surprised, unclear, read_next, at in conn.execute(
            "SELECT session_id, surprised, unclear, read_next, updated_at FROM journal").fetchall():
        fields = {k: v for k, v in zip(("surprised", "unclear", "read_next"), (surprised, unclear, read_next))
                  if v is not None}
        if fields:
            record(conn, "journal", at_of(at), session=session, fields=fields)
    for session, completed_at, flagged, note, notes, notes_at in conn.execute(
            "SELECT session_id, completed_at, flagged, flag_note, notes, notes_updated "
            "FROM session_progress").fetchall():
        if completed_at:
            record(conn, "complete", at_of(completed_at), session=session, done=True)
        if flagged:
            record(conn, "session-flag", session=session, on=True, note=note or "")
        if notes:
            record(conn, "notes", at_of(notes_at), session=session, text=notes)
    for key, event, at, elapsed in conn.execute("SELECT key, event, at, elapsed_s FROM timer_log ORDER BY id").fetchall():
        record(conn, "timer", at_of(at), key=key, event=event, elapsed=elapsed)


def attempt_fields(drill, file, status, framework, failing, diagnosis, seconds, hints) -> dict:
    """A drill attempt's event fields from its row (failing and diagnosis are JSON text there)."""
    def load(text):
        try:
            return json.loads(text) if text else None
        except ValueError:
            return None

    return {"drill": drill, "status": status, "framework": framework, "file": file, "failing": load(failing),
            "diagnosis": load(diagnosis), "seconds": seconds, "hints": hints}
