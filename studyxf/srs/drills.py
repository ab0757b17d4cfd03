"""Drills on the SM-2 schedule: a passed drill comes back to be written again from scratch.
The quality comes from the attempt round that ended in the pass: first try without hints 5;
a few tries or one hint 4; otherwise 3 (a pass is never a lapse)."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime

from studyxf import clock
from studyxf.store import events
from studyxf.store.db import transaction

LONG_ROUND_S = 30 * 60  # a first-try pass that took this long earns 4, not 5


def quality(attempts: int, hints: int, seconds: float) -> int:
    if attempts <= 1 and hints == 0:
        return 4 if seconds > LONG_ROUND_S else 5
    if attempts <= 3 and hints <= 1:
        return 4
    return 3


def _rounds(conn: sqlite3.Connection, drill: str, rollover_hour: int) -> list[tuple[str, date, int]]:
    """Each pass of a drill with the SM-2 quality of the round that ended in it: (at, study day, q)."""
    attempts = conn.execute("SELECT status, hints_used, seconds, at FROM drill_attempts WHERE drill = ? ORDER BY id",
                            (drill,)).fetchall()
    out, start, hints_before = [], 0, 0
    for i, (status, hints_used, seconds, at) in enumerate(attempts):
        if status != "pass":
            continue
        round_ = attempts[start:i + 1]
        hints = max(0, (hints_used or 0) - (hints_before or 0))
        span = (datetime.fromisoformat(at) - datetime.fromisoformat(round_[0][3])).total_seconds()
        out.append((at, clock.study_day(datetime.fromisoformat(at), rollover_hour),
                    quality(len(round_), hints, span + (seconds or 0))))
        start, hints_before = i + 1, hints_used
    return out


def _replay(conn, drill: str, scheduler, rollover_hour: int):
    """The drill's schedule rebuilt from its passes: a pass counts once a day and only when the
    drill is due (practising ahead is free). Returns (state, last counted day, its quality)."""
    state, last_day, last_q = None, None, None
    for at, day, q in _rounds(conn, drill, rollover_hour):
        if day == last_day or (state is not None and state.due > day):
            continue
        state = scheduler.step(state, scheduler.from_quality(q), datetime.fromisoformat(at), day)
        last_day, last_q = day, q
    return state, last_day, last_q


def _store(conn, drill: str, state, last_day: date, q: int) -> None:
    conn.execute("INSERT OR REPLACE INTO drill_schedule (drill, reps, ef_milli, interval, due, last_day, "
                 "last_quality, fsrs) VALUES (?,?,?,?,?,?,?,?)",
                 (drill, state.reps, state.ef_milli, state.interval, state.due.isoformat(), last_day.isoformat(), q,
                  state.fsrs))


def record_pass(conn: sqlite3.Connection, drill: str, day: date, scheduler=None,
                rollover_hour: int = clock.DEFAULT_ROLLOVER_HOUR) -> tuple[int, date] | None:
    """Schedule the drill after the pass just recorded in drill_attempts (the latest row), with the
    chosen scheduler (SM-2 by default). Nothing changes when it was already passed today or is
    not due yet. Returns (the round's SM-2 quality, the new due date)."""
    from studyxf.srs import schedulers

    scheduler = scheduler or schedulers.Sm2()
    with transaction(conn):
        row = conn.execute("SELECT last_day FROM drill_schedule WHERE drill = ?", (drill,)).fetchone()
        state, last_day, q = _replay(conn, drill, scheduler, rollover_hour)
        if state is None or last_day != day or (row and row[0] == day.isoformat()):
            return None
        _store(conn, drill, state, last_day, q)
    return q, state.due


def reschedule(conn: sqlite3.Connection, drill: str, scheduler, rollover_hour: int) -> None:
    """One drill's schedule rebuilt from its attempts (after a sync brought some; in the caller's transaction)."""
    state, last_day, q = _replay(conn, drill, scheduler, rollover_hour)
    if state is None:
        conn.execute("DELETE FROM drill_schedule WHERE drill = ?", (drill,))
    else:
        _store(conn, drill, state, last_day, q)


def reschedule_all(conn: sqlite3.Connection, scheduler, rollover_hour: int) -> None:
    """Every scheduled drill rebuilt under `scheduler` (after a switch; inside the caller's transaction)."""
    for (drill,) in conn.execute("SELECT drill FROM drill_schedule").fetchall():
        state, last_day, q = _replay(conn, drill, scheduler, rollover_hour)
        if state is not None:
            _store(conn, drill, state, last_day, q)


def due(conn: sqlite3.Connection, day: date | None = None) -> list[tuple[str, str]]:
    """(drill, due date) of the drills due to be written again, oldest first."""
    day = day or clock.study_day()
    return conn.execute("SELECT drill, due FROM drill_schedule WHERE due <= ? ORDER BY due, drill",
                        (day.isoformat(),)).fetchall()


def hints_used(conn: sqlite3.Connection, drill: str) -> int:
    row = conn.execute("SELECT shown FROM drill_hints WHERE drill = ?", (drill,)).fetchone()
    return row[0] if row else 0


def hint_order(conn: sqlite3.Connection, drill) -> list[int]:
    """The drill's hints (indices) in the order they are shown: those whose topic is a cause the
    diagnosis named first. The diagnosis read is the latest attempt's before the first hint was
    shown, so that the order, once a hint is out, stays (no hint shown twice, none skipped)."""
    import json

    causes: list = []
    for kind, body in conn.execute("SELECT kind, body FROM events WHERE subject = ? ORDER BY ord",
                                   (events.DRILL + drill.name,)):
        if kind == "hint":
            break
        if kind == "attempt":
            # a catalogued id, or for a cause localised at a step the ids of the slips there
            causes = [c for d in json.loads(body).get("diagnosis") or [] if isinstance(d, dict)
                      for c in [d.get("mistake"), *(d.get("topics") or [])]]
    return drill.hint_order([c for c in causes if c])


def shown_hints(conn: sqlite3.Connection, drill) -> list[str]:
    """The hints shown so far, in the order they were shown."""
    return [drill.hints[i] for i in hint_order(conn, drill)[:hints_used(conn, drill.name)]]


def next_hint(conn: sqlite3.Connection, drill) -> str | None:
    """The next hint of a drill (a catalogue Drill), recorded as shown; None when none are left."""
    shown = hints_used(conn, drill.name)
    if shown >= len(drill.hints):
        return None
    order = hint_order(conn, drill)
    with transaction(conn):
        events.record(conn, "hint", drill=drill.name)
        conn.execute("INSERT INTO drill_hints (drill, shown, at) VALUES (?, 1, ?) ON CONFLICT(drill) DO UPDATE "
                     "SET shown = shown + 1, at = excluded.at", (drill.name, clock.timestamp()))
    return f"hint {shown + 1}/{len(drill.hints)}: {drill.hints[order[shown]]}"


def latest_status(conn: sqlite3.Connection) -> dict[str, str]:
    """Each drill's latest attempt status (pass, fail, error)."""
    return dict(conn.execute("SELECT drill, status FROM drill_attempts ORDER BY id"))


def passed(conn: sqlite3.Connection) -> set[str]:
    """The drills passed at least once (a solution, once earned, stays shown)."""
    return {d for (d,) in conn.execute("SELECT DISTINCT drill FROM drill_attempts WHERE status = 'pass'")}


def unfinished(conn: sqlite3.Connection, names: list[str]) -> list[str]:
    """These drills, in order, less those whose latest attempt is a pass."""
    last = latest_status(conn)
    return [n for n in names if last.get(n) != "pass"]


def by_need(conn: sqlite3.Connection, names: list[str], day: date | None = None) -> list[str]:
    """These drills, the most needed first: never passed, then failed most, then due to be
    written again, then the rest; ties keep the given (curriculum) order."""
    day = (day or clock.study_day()).isoformat()
    passed = {d for (d,) in conn.execute("SELECT DISTINCT drill FROM drill_attempts WHERE status = 'pass'")}
    fails = dict(conn.execute("SELECT drill, COUNT(*) FROM drill_attempts WHERE status != 'pass' GROUP BY drill"))
    due_now = {d for (d,) in conn.execute("SELECT drill FROM drill_schedule WHERE due <= ?", (day,))}

    def need(i_name):
        i, name = i_name
        tier = 0 if name not in passed else 1 if fails.get(name) else 2 if name in due_now else 3
        return tier, -fails.get(name, 0), i

    return [name for _, name in sorted(enumerate(dict.fromkeys(names)), key=need)]


def in_order(conn: sqlite3.Connection, session, day: date | None = None) -> list[str]:
    """A session's drills in the order it takes them: a revision's most needed first (by_need),
    any other session's as written."""
    return by_need(conn, session.drills, day) if session.kind == "revision" else list(session.drills)
