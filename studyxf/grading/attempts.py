"""A drill attempt: graded, stored in the database, and scheduled with SM-2 after a pass."""

from __future__ import annotations

import json
import time

from studyxf import clock
from studyxf.srs import drills as drill_srs
from studyxf.store import events
from studyxf.store.db import transaction


def grade_and_record(study, d, path, hints_used: int, grade) -> tuple[dict, str | None]:
    """Grade with `grade(drill, path)`, store the attempt, and schedule the drill after a pass;
    returns the report and, when it was scheduled, a line saying when it comes back."""
    sha = _digest(path)
    started = time.monotonic()
    report = grade(d, path)
    # the grading's time: a --bench after it (minutes of compiling and timing) is not the learner's attempt
    seconds = time.monotonic() - started - (report.get("bench") or {}).get("seconds", 0.0)
    moment = clock.now()
    failing = [t["name"] for t in report["tests"] if t["status"] != "pass"]
    if sha is not None and _unchanged(study.conn, d.name, sha, report["status"], failing, report["diagnosis"]):
        # the same bytes graded to the same result (--hint after a pass, a save without a change): no new
        # attempt, nothing scheduled, so that the history counts what the learner wrote
        return report, None
    with transaction(study.conn):
        event = events.record(study.conn, "attempt", moment, drill=d.name, status=report["status"],
                              framework=report.get("framework"), file=str(path), failing=failing,
                              diagnosis=report["diagnosis"], seconds=seconds, hints=hints_used, sha256=sha)
        study.conn.execute(
            "INSERT INTO drill_attempts (drill, at, file, status, framework, failing, diagnosis, seconds, hints_used, "
            "event) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (d.name, clock.timestamp(moment), str(path), report["status"], report.get("framework"),
             json.dumps(failing), json.dumps(report["diagnosis"]), seconds, hints_used, event))
    schedule = None
    if report["status"] == "pass":
        scheduled = drill_srs.record_pass(study.conn, d.name, study.day(), study.deck.scheduler,
                                          study.config.rollover_hour)
        if scheduled:
            schedule = f"scheduled (SM-2 quality {scheduled[0]}): write it again from scratch on {scheduled[1]}"
    return report, schedule


def _digest(path) -> str | None:
    """The graded file's SHA-256 (None when it cannot be read: it is then always a new attempt)."""
    import hashlib

    from studyxf import safefile

    try:
        return hashlib.sha256(safefile.read_bytes(path, safefile.MAX_TEXT)).hexdigest()
    except (OSError, safefile.FileRefused):
        return None


def _unchanged(conn, drill: str, sha: str, status: str, failing: list, diagnosis: list) -> bool:
    """Whether the drill's latest attempt graded these same bytes to this same result."""
    row = conn.execute("SELECT body FROM events WHERE subject = ? AND kind = 'attempt' ORDER BY ord DESC LIMIT 1",
                       (events.DRILL + drill,)).fetchone()
    if row is None:
        return False
    last = json.loads(row[0])
    return (last.get("sha256") == sha and last.get("status") == status and last.get("failing") == failing
            and json.loads(json.dumps(diagnosis, default=str)) == last.get("diagnosis"))
