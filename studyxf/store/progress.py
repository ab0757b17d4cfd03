"""A learner's progress through sessions: checkboxes, the journal, notes, flags, completion,
and the LeetCode time-box timer kept as timestamps (so a crash or a restart loses nothing)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime

from studyxf import clock
from studyxf.store import events
from studyxf.store.db import transaction

CHECK_KINDS = ("deliverable", "checklist", "reading", "video", "agenda")


def _now() -> str:
    return clock.timestamp()


def mark_today(conn: sqlite3.Connection, session_id: str) -> bool:
    """Record that a session has become today's; True the first time (its cards enter the deck)."""
    with transaction(conn):
        cur = conn.execute(
            "INSERT INTO session_progress (session_id, first_today) VALUES (?, ?) "
            "ON CONFLICT(session_id) DO UPDATE SET first_today = excluded.first_today "
            "WHERE first_today IS NULL", (session_id, _now()))
        return cur.rowcount > 0


def completed(conn: sqlite3.Connection) -> dict[str, str]:
    return dict(conn.execute(
        "SELECT session_id, completed_at FROM session_progress WHERE completed_at IS NOT NULL"))


def latest_completed(conn: sqlite3.Connection) -> str | None:
    """The session completed last (what `complete --undo` takes back: today's session is the next one)."""
    # by the log's order, not completed_at: two completions in one second (a frozen clock) stay ordered
    row = conn.execute(f"SELECT e.subject FROM session_progress p JOIN events e ON e.subject = '{events.SESSION}' || "
                       "p.session_id AND e.kind = 'complete' WHERE p.completed_at IS NOT NULL "
                       "ORDER BY e.ord DESC LIMIT 1").fetchone()
    return row[0].removeprefix(events.SESSION) if row else None


def complete(conn: sqlite3.Connection, session_id: str, done: bool = True) -> None:
    """Mark a session done (or not); its LeetCode timer, running, is paused with it (a finished session's
    clock does not go on counting)."""
    moment = clock.now()
    with transaction(conn):
        if done:
            for (key,) in conn.execute("SELECT key FROM timers WHERE session_id = ? AND running_since IS NOT NULL",
                                       (session_id,)).fetchall():
                _pause(conn, key, moment)
        events.record(conn, "complete", moment, session=session_id, done=done)
        conn.execute("INSERT INTO session_progress (session_id) VALUES (?) ON CONFLICT DO NOTHING",
                     (session_id,))
        conn.execute("UPDATE session_progress SET completed_at = ? WHERE session_id = ?",
                     (clock.timestamp(moment) if done else None, session_id))


def set_check(conn: sqlite3.Connection, session_id: str, kind: str, item: int, on: bool) -> None:
    if kind not in CHECK_KINDS:
        raise ValueError(kind)
    moment = clock.now()
    with transaction(conn):
        events.record(conn, "check", moment, session=session_id, list=kind, item=item, on=bool(on))
        if on:
            conn.execute("INSERT OR REPLACE INTO checks VALUES (?, ?, ?, ?)",
                         (session_id, kind, item, clock.timestamp(moment)))
        else:
            conn.execute("DELETE FROM checks WHERE session_id = ? AND kind = ? AND item = ?",
                         (session_id, kind, item))


def checks(conn: sqlite3.Connection, session_id: str) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {k: set() for k in CHECK_KINDS}
    for kind, item in conn.execute("SELECT kind, item FROM checks WHERE session_id = ?", (session_id,)):
        out.setdefault(kind, set()).add(item)
    return out


JOURNAL_FIELDS = ("surprised", "unclear", "read_next")
JOURNAL_LABELS = ("What surprised you", "What you still don't understand", "What you'd read next")


def _edits(conn: sqlite3.Connection, session_id: str, kind: str) -> list[tuple[str, str, dict]]:
    """(id, device, event) of a session's journal (or notes) edits in the merged order."""
    import json

    return [(ident, device, json.loads(body)) for ident, device, body in conn.execute(
        "SELECT id, device, body FROM events WHERE subject = ? AND kind = ? ORDER BY ord",
        (events.SESSION + session_id, kind))]


def save_journal(conn: sqlite3.Connection, session_id: str, **lines: str) -> None:
    """One edit of the journal (the screen saves one per pause, not per keystroke). Each box's event names
    the edit it replaced (`after`), so that a sync tells an edit made on top of another machine's from one
    made beside it (journal_others)."""
    moment = clock.now()
    with transaction(conn):
        stored = journal(conn, session_id)
        fields = {k: v for k, v in lines.items() if k in JOURNAL_FIELDS and v != stored[k]}
        if not fields:
            return
        latest = {}
        for ident, _, e in _edits(conn, session_id, "journal"):
            for key in e.get("fields") or {}:
                latest[key] = ident
        after = {k: latest[k] for k in fields if k in latest}  # {}: the box's first edit known here
        events.record(conn, "journal", moment, session=session_id, fields=fields, after=after)
        conn.execute("INSERT INTO journal (session_id) VALUES (?) ON CONFLICT DO NOTHING", (session_id,))
        for key, value in fields.items():
            conn.execute(f"UPDATE journal SET {key} = ?, updated_at = ? WHERE session_id = ?",
                         (value, clock.timestamp(moment), session_id))


def journal(conn: sqlite3.Connection, session_id: str) -> dict[str, str]:
    row = conn.execute("SELECT surprised, unclear, read_next FROM journal WHERE session_id = ?",
                       (session_id,)).fetchone()
    return dict(zip(JOURNAL_FIELDS, [v or "" for v in (row or ("", "", ""))]))


def journal_others(conn: sqlite3.Connection, session_id: str) -> dict[str, tuple[str, str]]:
    """The boxes two machines wrote side by side: {field: (the other machine's name, its text)}, the text
    the latest edit (shown in the box) replaced without having seen it. An edit made on top of both (its
    `after` names the latest) settles the box; an edit without `after` (before issue 42) replaces."""
    current: dict[str, tuple[str, str, str]] = {}
    others: dict[str, tuple[str, str]] = {}
    for ident, device, e in _edits(conn, session_id, "journal"):
        after = e.get("after") or {}
        for key, text in (e.get("fields") or {}).items():
            was = current.get(key)
            if was is not None and "after" in e and after.get(key) != was[0] and was[2] != text:
                others[key] = (was[1], was[2])
            else:
                others.pop(key, None)
            current[key] = (ident, device, text)
    return {key: (device_name(conn, device), text) for key, (device, text) in others.items()}


def device_name(conn: sqlite3.Connection, device: str) -> str:
    """A device's name as its latest announcement gives it (its id when it made none)."""
    import json

    row = conn.execute("SELECT body FROM events WHERE subject = ? ORDER BY ord DESC LIMIT 1",
                       (events.DEVICE + device,)).fetchone()
    if row is None and device == conn.execute("SELECT id FROM device").fetchone()[0]:
        return conn.execute("SELECT name FROM device").fetchone()[0]
    name = json.loads(row[0]).get("name") if row else None
    return name if isinstance(name, str) and name else device


def save_notes(conn: sqlite3.Connection, session_id: str, text: str) -> None:
    moment = clock.now()
    with transaction(conn):
        if text == notes(conn, session_id):
            return  # nothing changed: no event
        edits = _edits(conn, session_id, "notes")  # the edit this one replaces, as a journal edit names it
        events.record(conn, "notes", moment, session=session_id, text=text, after=edits[-1][0] if edits else None)
        conn.execute("INSERT INTO session_progress (session_id) VALUES (?) ON CONFLICT DO NOTHING",
                     (session_id,))
        conn.execute("UPDATE session_progress SET notes = ?, notes_updated = ? WHERE session_id = ?",
                     (text, clock.timestamp(moment), session_id))


def notes_other(conn: sqlite3.Connection, session_id: str) -> tuple[str, str] | None:
    """The notes another machine wrote beside the latest (as journal_others): (its name, its text)."""
    current = other = None
    for ident, device, e in _edits(conn, session_id, "notes"):
        text = e.get("text") or ""
        beside = current is not None and "after" in e and e["after"] != current[0] and current[2] != text
        other = (current[1], current[2]) if beside else None
        current = (ident, device, text)
    return (device_name(conn, other[0]), other[1]) if other else None


def notes(conn: sqlite3.Connection, session_id: str) -> str:
    row = conn.execute("SELECT notes FROM session_progress WHERE session_id = ?", (session_id,)).fetchone()
    return row[0] if row and row[0] else ""


def set_flag(conn: sqlite3.Connection, session_id: str, on: bool, note: str = "") -> None:
    with transaction(conn):
        events.record(conn, "session-flag", session=session_id, on=bool(on), note=note if on else "")
        conn.execute("INSERT INTO session_progress (session_id) VALUES (?) ON CONFLICT DO NOTHING",
                     (session_id,))
        conn.execute("UPDATE session_progress SET flagged = ?, flag_note = ? WHERE session_id = ?",
                     (int(on), note if on else None, session_id))


def flagged(conn: sqlite3.Connection) -> dict[str, str]:
    return {sid: note or "" for sid, note in conn.execute(
        "SELECT session_id, flag_note FROM session_progress WHERE flagged = 1")}


# -- the time-box timer ---------------------------------------------------------------------------

@dataclass
class TimerState:
    key: str
    accumulated_s: float
    running_since: datetime | None

    def elapsed(self, now: datetime | None = None) -> float:
        now = now or clock.now()
        extra = (now - self.running_since).total_seconds() if self.running_since else 0.0
        return self.accumulated_s + max(0.0, extra)  # a clock that went backwards adds nothing

    @property
    def running(self) -> bool:
        return self.running_since is not None


def timer(conn: sqlite3.Connection, key: str) -> TimerState:
    row = conn.execute("SELECT accumulated_s, running_since FROM timers WHERE key = ?", (key,)).fetchone()
    if row is None:
        return TimerState(key, 0.0, None)
    return TimerState(key, row[0], datetime.fromisoformat(row[1]) if row[1] else None)


def _timer_event(conn, key: str, event: str, state: TimerState, now: datetime) -> None:
    events.record(conn, "timer", now, key=key, event=event, elapsed=state.elapsed(now))
    conn.execute("INSERT INTO timer_log (key, event, at, elapsed_s) VALUES (?, ?, ?, ?)",
                 (key, event, clock.timestamp(now), state.elapsed(now)))


def timer_start(conn: sqlite3.Connection, key: str, session_id: str) -> TimerState:
    now = clock.now()
    with transaction(conn):
        state = timer(conn, key)
        if state.running:
            return state
        conn.execute(
            "INSERT INTO timers (key, session_id, started_at, running_since) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(key) DO UPDATE SET running_since = excluded.running_since, "
            "started_at = COALESCE(timers.started_at, excluded.started_at)",
            (key, session_id, clock.timestamp(now), now.isoformat()))
        state = TimerState(key, state.accumulated_s, now)
        _timer_event(conn, key, "start", state, now)
    return state


def _pause(conn: sqlite3.Connection, key: str, now: datetime) -> TimerState:
    """Inside the caller's transaction."""
    state = timer(conn, key)
    if not state.running:
        return state
    total = state.elapsed(now)
    conn.execute("UPDATE timers SET accumulated_s = ?, running_since = NULL WHERE key = ?", (total, key))
    state = TimerState(key, total, None)
    _timer_event(conn, key, "pause", state, now)
    return state


def timer_pause(conn: sqlite3.Connection, key: str) -> TimerState:
    now = clock.now()
    with transaction(conn):
        return _pause(conn, key, now)


def timer_reset(conn: sqlite3.Connection, key: str) -> TimerState:
    now = clock.now()
    with transaction(conn):
        _timer_event(conn, key, "reset", timer(conn, key), now)
        conn.execute("UPDATE timers SET accumulated_s = 0, running_since = NULL WHERE key = ?", (key,))
    return TimerState(key, 0.0, None)


def time_logged(conn: sqlite3.Connection, key: str) -> float:
    """Seconds spent on a problem: the timer now, plus what was logged before each reset."""
    resets = conn.execute("SELECT COALESCE(SUM(elapsed_s), 0) FROM timer_log WHERE key = ? AND event = 'reset'",
                          (key,)).fetchone()[0]
    return resets + timer(conn, key).elapsed()


def timer_settle(conn: sqlite3.Connection, key: str, box_s: float) -> TimerState:
    """A running timer left past twice its time-box stops by itself, and the time-box is what it
    logs as spent (DESIGN.md, "The LeetCode time-box"): a forgotten timer does not count hours."""
    now = clock.now()
    state = timer(conn, key)
    if not state.running or state.elapsed(now) < 2 * box_s:
        return state
    with transaction(conn):
        conn.execute("UPDATE timers SET accumulated_s = ?, running_since = NULL WHERE key = ?", (box_s, key))
        state = TimerState(key, box_s, None)
        _timer_event(conn, key, "auto-stop", state, now)
    return state


def timer_seen(conn: sqlite3.Connection, key: str) -> dict[str, bool]:
    """Whether the hint's and the editorial's notifications were already given (once each)."""
    row = conn.execute("SELECT hint_seen_at, editorial_seen_at FROM timers WHERE key = ?", (key,)).fetchone()
    return {"hint": bool(row and row[0]), "editorial": bool(row and row[1])}


def timer_mark_seen(conn: sqlite3.Connection, key: str, which: str) -> None:
    column = {"hint": "hint_seen_at", "editorial": "editorial_seen_at"}[which]
    with transaction(conn):
        conn.execute(f"UPDATE timers SET {column} = ? WHERE key = ?", (clock.timestamp(), key))


def timebox_text(state: TimerState, box_min: float) -> str:
    """The header's form: elapsed / time-box, as 12:03 / 30:00."""
    elapsed = int(state.elapsed())
    return f"{elapsed // 60:02d}:{elapsed % 60:02d} / {int(box_min):02d}:00"
