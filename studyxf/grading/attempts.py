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
    started = time.monotonic()
    report = grade(d, path)
    # the grading's time: a --bench after it (minutes of compiling and timing) is not the learner's attempt
    seconds = time.monotonic() - started - (report.get("bench") or {}).get("seconds", 0.0)
    moment = clock.now()
    failing = [t["name"] for t in report["tests"] if t["status"] != "pass"]
    with transaction(study.conn):
        event = events.record(study.conn, "attempt", moment, drill=d.name, status=report["status"],
                              framework=report.get("framework"), file=str(path), failing=failing,
                              diagnosis=report["diagnosis"], seconds=seconds, hints=hints_used)
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
            from datetime import date

            again = date.fromisoformat(str(scheduled[1]))  # said as the review says a due date
            schedule = (f"scheduled (SM-2 quality {scheduled[0]}): write it again from scratch "
                        f"{clock.day_words(again, study.day())} ({clock.short_date(again)}, {again.isoformat()})")
    return report, schedule
