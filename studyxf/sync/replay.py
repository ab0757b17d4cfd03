"""What derives from the event log, rebuilt from the merged log in order (time, then event id):
card schedules and review rows, drill attempts and schedules, checklists, journals, notes,
completions, session flags and timer logs. Every function runs inside the caller's transaction.

Cards are replayed with the configured scheduler's own step (srs/schedulers.py): the rules of
Deck.answer (re-asks, lapses, leeches, fuzz as logged) applied to each event in turn.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date

from studyxf.srs import schedulers, sm2
from studyxf.store import events

_REVIEW_COLS = ("card_id, at, day, grade, reask, typed, seconds, practice, prev_reps, prev_ef_milli, prev_interval, "
                "prev_due, prev_last_day, prev_lapses, prev_suspended, prev_leech, new_reps, new_ef_milli, "
                "new_interval, new_due, scale, event")


def _log(conn: sqlite3.Connection, subject: str, parsed: dict | None = None) -> list[dict]:
    """A subject's events in the merged order (`parsed`: events already decoded, by id)."""
    parsed = parsed or {}
    return [parsed.get(ident) or json.loads(body) for ident, body in conn.execute(
        "SELECT id, body FROM events WHERE subject = ? ORDER BY ord", (subject,))]


_CARD_STATE = "reps, ef_milli, interval, due, last_day, lapses, suspended, leech, buried_until, flag, fsrs"


def cards(conn: sqlite3.Connection, card_ids, scheduler, config, parsed: dict | None = None) -> int:
    """Rebuild these cards (those this machine has) and their review rows from their events;
    returns how many were rebuilt. When every event of `parsed` (those just received) comes after
    the card's others, the replay goes on from the stored state (what replaying the older events
    gives back: tests/test_sync.py checks it) instead of starting over."""
    from studyxf.srs import merges

    parsed = parsed or {}
    merged = merges.targets(conn)
    if merged:  # an old card's events are the card's it was merged into (srs/merges.py)
        card_ids = list(dict.fromkeys(merges.final(merged, cid) for cid in card_ids))
    here = {cid: removed for cid, removed in conn.execute("SELECT id, removed FROM cards")} \
        if len(card_ids) > 100 else None
    states, rows = [], []
    for card_id in card_ids:
        if here is not None:
            removed = here.get(card_id)
        else:
            found = conn.execute("SELECT removed FROM cards WHERE id = ?", (card_id,)).fetchone()
            removed = found[0] if found else None
        if removed is None:
            continue  # kept in the log; replayed when the card appears (Deck.enter_session)
        olds = merges.sources(conn, card_id) if merged else []
        listed = events.card_log(conn, card_id)
        for old in olds:
            listed += events.card_log(conn, old)
        if olds:
            listed = sorted({r[0]: r for r in listed}.values(), key=lambda r: r[1])
        older = [r for r in listed if r[0] not in parsed]
        newer = [parsed[r[0]] for r in listed if r[0] in parsed]
        tail_ids = {e["id"] for e in newer}
        in_order = all(r[0] not in parsed for r in listed[:len(older)])  # the new ones all come last
        if older and newer and in_order and all(e["kind"] != "undo" or e.get("review") in tail_ids for e in newer) \
                and not olds:
            stored = conn.execute(f"SELECT {_CARD_STATE} FROM cards WHERE id = ?", (card_id,)).fetchone()
            state, log = card(newer, bool(removed), scheduler, config, stored)
        else:
            log_events = [parsed.get(ident) or json.loads(body) for ident, _, body in listed]
            state, log = card(log_events, bool(removed), scheduler, config, card_id=card_id)
            if older:
                for cid in (card_id, *olds):
                    conn.execute("DELETE FROM reviews WHERE card_id = ?", (cid,))
        states.append((*state, card_id))
        rows += log
    conn.executemany(f"INSERT INTO reviews ({_REVIEW_COLS}) VALUES ({','.join('?' * 22)})", rows)
    conn.executemany("UPDATE cards SET reps = ?, ef_milli = ?, interval = ?, due = ?, last_day = ?, lapses = ?, "
                     "suspended = ?, leech = ?, buried_until = ?, flag = ?, fsrs = ? WHERE id = ?", states)
    return len(states)


def card(log: list[dict], removed: bool, scheduler, config, start: tuple | None = None,
         card_id: str | None = None) -> tuple[tuple, list[tuple]]:
    """One card's state (the cards table's columns) and review rows after its events, in order,
    from a new card's state or from `start` (a stored state: the rows returned are then the new ones).
    `card_id`: the card the rows belong to, where the log holds a merged card's events (srs/merges.py)."""
    undone = {e.get("review") for e in log if e["kind"] == "undo"}
    reps, ef, interval, due, last_day, lapses, leech = 0, sm2.EF_START_MILLI, 0, None, None, 0, 0
    suspended, buried, flag, fsrs = int(removed), None, None, None
    if start is not None:
        reps, ef, interval, due, last_day, lapses, suspended, leech, buried, flag, fsrs = start
    rows: list[tuple] = []
    for e in log:
        kind = e["kind"]
        if kind == "review" and e["id"] not in undone:
            moment, day = events.local_moment(events.when(e)), e["day"]
            practice = bool(e.get("practice"))
            prev = (reps, ef, interval, due, last_day, lapses, suspended, leech)
            reask = practice or last_day == day
            if reask:
                new = (reps, ef, interval, due)
            else:
                before = schedulers.Step(date.fromisoformat(due), interval, reps, ef, fsrs) if due else None
                grade = scheduler.from_scale(e["grade"], e.get("scale", "sm2"))
                fuzz = int(e.get("fuzz") or 0) if scheduler.name == "sm2" else 0
                try:
                    step = scheduler.step(before, grade, moment, date.fromisoformat(day), fuzz)
                except OverflowError:  # SM-2 has no longest interval: only a forged history (a card answered
                    continue  # 5 every day for weeks) passes year 9999; that answer is not applied, anywhere
                if scheduler.fails(grade) and due is not None:
                    lapses += 1
                if lapses >= config.leech_threshold and not leech:
                    leech, suspended = 1, 1
                reps, ef, interval, due, last_day = (step.reps, step.ef_milli, step.interval, step.due.isoformat(),
                                                     day)
                fsrs = step.fsrs if step.fsrs is not None else fsrs
                new = (reps, ef, interval, due)
            rows.append((card_id or e["card"], moment.isoformat(timespec="seconds"), day, e["grade"], int(reask), e.get("typed"),
                         e.get("seconds"), int(practice), *prev, *new, e.get("scale", "sm2"), e["id"]))
        elif kind in ("suspend", "unsuspend"):
            if not removed:
                suspended = int(kind == "suspend")
        elif kind in ("bury", "unbury"):
            buried = e.get("until")
        elif kind == "flag":
            flag = e.get("note") or "flagged"
        elif kind == "reset":
            rows = []
            reps, ef, interval, due, last_day, lapses, leech = 0, sm2.EF_START_MILLI, 0, None, None, 0, 0
            suspended, buried, fsrs = int(removed), None, None
    return (reps, ef, interval, due, last_day, lapses, suspended, leech, buried, flag, fsrs), rows


def drills(conn: sqlite3.Connection, names, scheduler, rollover_hour: int) -> None:
    """Rebuild every drill attempt row in the merged order (the stats list them newest first by
    row id), then these drills' hint counts and schedules."""
    from studyxf.srs import drills as drill_srs

    conn.execute("DELETE FROM drill_attempts")
    rows = []
    for (body,) in conn.execute("SELECT body FROM events WHERE kind = 'attempt' ORDER BY ord"):
        e = json.loads(body)
        rows.append((e["drill"], events.local_seconds(e["at"]), e.get("file"), e["status"], e.get("framework"),
                     json.dumps(e.get("failing") or []), json.dumps(e.get("diagnosis") or []), e.get("seconds"),
                     e.get("hints"), e["id"]))
    conn.executemany("INSERT INTO drill_attempts (drill, at, file, status, framework, failing, diagnosis, seconds, "
                     "hints_used, event) VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
    for name in names:
        hints = [e for e in _log(conn, events.DRILL + name) if e["kind"] == "hint"]
        if hints:
            conn.execute("INSERT OR REPLACE INTO drill_hints (drill, shown, at) VALUES (?,?,?)",
                         (name, len(hints), events.local_seconds(hints[-1]["at"])))
        drill_srs.reschedule(conn, name, scheduler, rollover_hour)


def sessions(conn: sqlite3.Connection, session_ids) -> None:
    """Checklists, journal, notes, completion and flag of these sessions: the latest event of each
    wins (the others stay in the log)."""
    for sid in session_ids:
        log = _log(conn, events.SESSION + sid)
        ticks: dict[tuple[str, int], dict] = {}
        journal: dict[str, tuple[str, str]] = {}
        latest: dict[str, dict] = {}
        for e in log:
            if e["kind"] == "check":
                ticks[(e["list"], e["item"])] = e
            elif e["kind"] == "journal":
                for key, value in (e.get("fields") or {}).items():
                    journal[key] = (value, e["at"])
            else:
                latest[e["kind"]] = e
        conn.execute("DELETE FROM checks WHERE session_id = ?", (sid,))
        conn.executemany("INSERT INTO checks VALUES (?, ?, ?, ?)",
                         [(sid, kind, item, events.local_seconds(e["at"])) for (kind, item), e in ticks.items()
                          if e.get("on")])
        if journal:
            conn.execute("INSERT INTO journal (session_id) VALUES (?) ON CONFLICT DO NOTHING", (sid,))
            for key, (value, at) in journal.items():
                if key in ("surprised", "unclear", "read_next"):
                    conn.execute(f"UPDATE journal SET {key} = ? WHERE session_id = ?", (value, sid))
            newest = max(at for _, at in journal.values())
            conn.execute("UPDATE journal SET updated_at = ? WHERE session_id = ?", (events.local_seconds(newest), sid))
        if latest:
            conn.execute("INSERT INTO session_progress (session_id) VALUES (?) ON CONFLICT DO NOTHING", (sid,))
        if "complete" in latest:
            e = latest["complete"]
            conn.execute("UPDATE session_progress SET completed_at = ? WHERE session_id = ?",
                         (events.local_seconds(e["at"]) if e.get("done") else None, sid))
        if "session-flag" in latest:
            e = latest["session-flag"]
            conn.execute("UPDATE session_progress SET flagged = ?, flag_note = ? WHERE session_id = ?",
                         (int(bool(e.get("on"))), (e.get("note") or "") if e.get("on") else None, sid))
        if "notes" in latest:
            e = latest["notes"]
            conn.execute("UPDATE session_progress SET notes = ?, notes_updated = ? WHERE session_id = ?",
                         (e.get("text") or "", events.local_seconds(e["at"]), sid))


def timers(conn: sqlite3.Connection, keys) -> None:
    """The time-box logs of these problems, every device's start, pause and reset in order, and the timer
    itself as the merged log leaves it (running since the last start, or stopped at the elapsed time of
    the last pause, reset or auto-stop): a session completed on the laptop stops the desktop's clock too."""
    for key in keys:
        log = _log(conn, events.TIMER + key)
        conn.execute("DELETE FROM timer_log WHERE key = ?", (key,))
        conn.executemany("INSERT INTO timer_log (key, event, at, elapsed_s) VALUES (?, ?, ?, ?)",
                         [(key, e.get("event"), events.local_seconds(e["at"]), e.get("elapsed")) for e in log])
        if not log:
            continue
        last = log[-1]
        elapsed = 0.0 if last.get("event") == "reset" else float(last.get("elapsed") or 0)
        since = events.local_moment(last["at"]).isoformat() if last.get("event") == "start" else None
        # the timer's key is its session's id (tui/widgets/timer.py)
        conn.execute("INSERT INTO timers (key, session_id, started_at, running_since, accumulated_s) "
                     "VALUES (?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET running_since = excluded.running_since, "
                     "accumulated_s = excluded.accumulated_s",
                     (key, key, events.local_seconds(log[0]["at"]), since, elapsed))


def apply(conn: sqlite3.Connection, subjects: set[str], scheduler, config, parsed: dict | None = None) -> None:
    """Rebuild everything these subjects (events.subject_of) derive (`parsed`: events already decoded, by id)."""
    by_prefix: dict[str, list[str]] = {}
    for subject in sorted(subjects):
        prefix, _, name = subject.partition(":")
        by_prefix.setdefault(prefix + ":", []).append(name)
    if by_prefix.get(events.CARD):
        from studyxf.srs import mistakes

        mistakes.materialise(conn, by_prefix[events.CARD])  # a mistake card made elsewhere, before its answers
        cards(conn, by_prefix[events.CARD], scheduler, config, parsed)
    if by_prefix.get(events.DRILL):
        drills(conn, by_prefix[events.DRILL], scheduler, config.rollover_hour)
    if by_prefix.get(events.SESSION):
        sessions(conn, by_prefix[events.SESSION])
    if by_prefix.get(events.TIMER):
        timers(conn, by_prefix[events.TIMER])
