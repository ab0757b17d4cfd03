"""A drill attempt: graded, stored in the database, and scheduled with SM-2 after a pass."""

from __future__ import annotations

import json
import time

from studyxf import clock
from studyxf.srs import drills as drill_srs
from studyxf.store import events
from studyxf.store.db import transaction


def grade_and_record(study, d, path, hints_used: int, grade) -> tuple[dict, str | None]:
    """Grade with `grade(drill, path)`, store the attempt, and schedule the drill after a pass; a
    verified slip becomes (or lapses) a mistake card in the same transaction (srs/mistakes.py). The
    same bytes graded to the same result as the latest attempt record nothing. Returns the report
    and lines to say: when the drill comes back, which mistake cards changed."""
    sha = _digest(path)
    started = time.monotonic()
    report = grade(d, path)
    # the grading's time: a --bench after it (minutes of compiling and timing) is not the learner's attempt
    seconds = time.monotonic() - started - (report.get("bench") or {}).get("seconds", 0.0)
    moment = clock.now()
    failing = [t["name"] for t in report["tests"] if t["status"] != "pass"]
    if sha is not None and _unchanged(study.conn, d.name, sha, report["status"], failing, report["diagnosis"]) \
            and _same_day(study, d.name):
        # the same bytes graded to the same result the same study day (--hint after a pass, a save without
        # a change): no new attempt, nothing scheduled, so that the history counts what the learner wrote;
        # on a later day it is an attempt again (the same slip made again lapses its mistake card)
        return report, None
    slips = report["status"] != "pass" and study.config.mistake_cards and report["diagnosis"]
    deck = study.deck if slips else None  # made before the transaction: a scheduler switch writes in one of its own
    said: list[str] = []
    with transaction(study.conn):
        event = events.record(study.conn, "attempt", moment, drill=d.name, status=report["status"],
                              framework=report.get("framework"), file=str(path), failing=failing,
                              diagnosis=report["diagnosis"], seconds=seconds, hints=hints_used, sha256=sha)
        study.conn.execute(
            "INSERT INTO drill_attempts (drill, at, file, status, framework, failing, diagnosis, seconds, hints_used, "
            "event) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (d.name, clock.timestamp(moment), str(path), report["status"], report.get("framework"),
             json.dumps(failing), json.dumps(report["diagnosis"]), seconds, hints_used, event))
        if deck is not None:
            from studyxf.srs import mistakes

            said = mistakes.record(study.conn, deck, d.name, report["diagnosis"], moment,
                                   (getattr(d, "data", None) or {}).get("questions"))
    schedule = None
    if report["status"] == "pass":
        scheduled = drill_srs.record_pass(study.conn, d.name, study.day(), study.deck.scheduler,
                                          study.config.rollover_hour)
        if scheduled:
            from datetime import date

            again = date.fromisoformat(str(scheduled[1]))  # said as the review says a due date
            schedule = (f"scheduled (SM-2 quality {scheduled[0]}): write it again from scratch "
                        f"{clock.day_words(again, study.day())} ({clock.short_date(again)}, {again.isoformat()})")
    if said:
        schedule = "\n".join(([schedule] if schedule else []) + said)
    return report, schedule


def _digest(path) -> str | None:
    """The graded file's SHA-256 (None when it cannot be read: it is then always a new attempt)."""
    import hashlib

    from studyxf import safefile

    try:
        return hashlib.sha256(safefile.read_bytes(path, safefile.MAX_TEXT)).hexdigest()
    except (OSError, safefile.FileRefused):
        return None


def _same_day(study, drill: str) -> bool:
    """Whether the drill's latest attempt was made this study day."""
    from datetime import datetime

    row = study.conn.execute("SELECT at FROM drill_attempts WHERE drill = ? ORDER BY id DESC LIMIT 1",
                             (drill,)).fetchone()
    try:
        return row is not None and clock.study_day(datetime.fromisoformat(row[0]),
                                                   study.config.rollover_hour) == study.day()
    except (TypeError, ValueError):
        return False


def _unchanged(conn, drill: str, sha: str, status: str, failing: list, diagnosis: list) -> bool:
    """Whether the drill's latest attempt graded these same bytes to this same result."""
    row = conn.execute("SELECT body FROM events WHERE subject = ? AND kind = 'attempt' ORDER BY ord DESC LIMIT 1",
                       (events.DRILL + drill,)).fetchone()
    if row is None:
        return False
    last = json.loads(row[0])
    return (last.get("sha256") == sha and last.get("status") == status and last.get("failing") == failing
            and json.loads(json.dumps(diagnosis, default=str)) == last.get("diagnosis"))
