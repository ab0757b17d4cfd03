"""Drills on the SM-2 schedule: a passed drill comes back to be written again from scratch.
The quality comes from the attempt round that ended in the pass: first try without hints 5;
a few tries or one hint 4; otherwise 3 (a pass is never a lapse)."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime

from studyxf import clock
from studyxf.srs import sm2
from studyxf.store.db import transaction

LONG_ROUND_S = 30 * 60  # a first-try pass that took this long earns 4, not 5


def quality(attempts: int, hints: int, seconds: float) -> int:
    if attempts <= 1 and hints == 0:
        return 4 if seconds > LONG_ROUND_S else 5
    if attempts <= 3 and hints <= 1:
        return 4
    return 3


def record_pass(conn: sqlite3.Connection, drill: str, day: date) -> tuple[int, date] | None:
    """Schedule the drill after the pass just recorded in drill_attempts (the latest row). Nothing
    changes when it was already passed today or is not due yet (practising ahead is free)."""
    with transaction(conn):
        row = conn.execute("SELECT reps, ef_milli, interval, due, last_day FROM drill_schedule WHERE drill = ?",
                           (drill,)).fetchone()
        if row and (row[4] == day.isoformat() or (row[3] and row[3] > day.isoformat())):
            return None
        attempts = conn.execute("SELECT id, status, hints_used, seconds, at FROM drill_attempts WHERE drill = ? "
                                "ORDER BY id", (drill,)).fetchall()
        # the round: the attempts since the previous pass, this pass included
        previous = [i for i, a in enumerate(attempts[:-1]) if a[1] == "pass"]
        start = previous[-1] + 1 if previous else 0
        round_ = attempts[start:]
        hints_before = attempts[start - 1][2] if start else 0
        hints = max(0, (round_[-1][2] or 0) - (hints_before or 0))
        span = (datetime.fromisoformat(round_[-1][4]) - datetime.fromisoformat(round_[0][4])).total_seconds()
        q = quality(len(round_), hints, span + (round_[-1][3] or 0))
        state = sm2.CardState(*row[:3], date.fromisoformat(row[3]) if row[3] else None) if row else sm2.CardState()
        new = sm2.grade(state, q, day)
        conn.execute("INSERT OR REPLACE INTO drill_schedule VALUES (?,?,?,?,?,?,?)",
                     (drill, new.repetitions, new.ef_milli, new.interval, new.due.isoformat(), day.isoformat(), q))
    return q, new.due


def due(conn: sqlite3.Connection, day: date | None = None) -> list[tuple[str, str]]:
    """(drill, due date) of the drills due to be written again, oldest first."""
    day = day or clock.study_day()
    return conn.execute("SELECT drill, due FROM drill_schedule WHERE due <= ? ORDER BY due, drill",
                        (day.isoformat(),)).fetchall()


def hints_used(conn: sqlite3.Connection, drill: str) -> int:
    row = conn.execute("SELECT shown FROM drill_hints WHERE drill = ?", (drill,)).fetchone()
    return row[0] if row else 0


def next_hint(conn: sqlite3.Connection, drill) -> str | None:
    """The next hint of a drill (a catalogue Drill), recorded as shown; None when none are left."""
    shown = hints_used(conn, drill.name)
    if shown >= len(drill.hints):
        return None
    with transaction(conn):
        conn.execute("INSERT INTO drill_hints (drill, shown, at) VALUES (?, 1, ?) ON CONFLICT(drill) DO UPDATE "
                     "SET shown = shown + 1, at = excluded.at", (drill.name, clock.timestamp()))
    return f"hint {shown + 1}/{len(drill.hints)}: {drill.hints[shown]}"


def latest_status(conn: sqlite3.Connection) -> dict[str, str]:
    """Each drill's latest attempt status (pass, fail, error)."""
    return dict(conn.execute("SELECT drill, status FROM drill_attempts ORDER BY id"))


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
