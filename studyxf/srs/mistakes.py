"""Mistake cards (DESIGN.md, "Mistake cards"): a cause the grader verified becomes, the first time the
learner makes it, a recall card `mistakes/<slip>` that quotes the learner's own line; the same slip
again lapses that card (a grade of 1, an ordinary answer) instead of adding one.

The card's text has no session file to come from: its creation is an event (KIND) that carries it, kept
in the `mistake_cards` table (schema 10) and rebuilt from the event on any machine (materialise), so
the same slip made on two machines is one card, whose text is the earliest event's."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import date, datetime

from studyxf import clock
from studyxf.store import events

SESSION = "mistakes"  # the cards' session_id: no session file holds them, and the deck's sync leaves them
PREFIX = SESSION + "/"
KIND = "mistake-card"  # the creation event's kind
TAG = "mistake"
WEAK_DAYS = 28  # `today`'s weak spots: the slips of the last four weeks
CODE_CAP, TEXT_CAP = 200, 4000  # a learner's line is quoted, not pasted whole; the sync reader caps above these

_NOT_ID = re.compile(r"[^a-z0-9-]+")
# the judge's sorts of entry that are not slip ids: grading/judge/results.UNNAMED (not imported: `today` and `stats` read
# slips, and the runner brings subprocess with it; tests/test_mistake_cards.py checks the two agree)
UNNAMED = ("measured", "localised", "raised", "located", "layout", "shape")


def slip_of(entry: dict) -> str | None:
    """The slip id of a diagnosis entry that names a verified cause: the catalogue's id, or for a cause
    localisation found, its step and the comparator that verified it (`scaled-factor`, or `eps-ignored` for
    a reading of the whole case); None for the rest (measured facts, unverified places, causes neither
    names)."""
    if not isinstance(entry, dict) or entry.get("verified") is not True:
        return None
    name, kind = entry.get("mistake"), entry.get("kind")
    if name in UNNAMED:  # an entry as the judge gives it, before the report's contract moves its sort to `kind`
        name, kind = None, name
    if not name and kind == "located" and entry.get("comparator"):
        name = f"{entry['step']}-{entry['comparator']}" if entry.get("step") else entry["comparator"]
    if not isinstance(name, str):
        return None
    slip = _NOT_ID.sub("-", name.lower()).strip("-")[:64]
    return slip or None


_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()  # not %b: the same on every locale and machine


def _said_day(day: date) -> str:
    return f"{_MONTHS[day.month - 1]} {day.day}"  # "Dec 4", as a teacher says it


def _quote(code: str | None) -> str | None:
    if not isinstance(code, str) or not code.strip():
        return None
    code = events.printable(code.strip())  # the other machines refuse a text with control characters
    return code if len(code) <= CODE_CAP else code[:CODE_CAP - 3] + "..."


def card_text(drill: str, slip: str, entry: dict, day: date, question: str | None = None) -> tuple[str, str]:
    """(prompt, answer): the prompt in the learner's own line, asking the drill's question for that slip
    (drill.yaml `questions`) where it has one; the answer the slip's teaching sentence and fix (the
    report's message) and what the grader saw."""
    code = _quote(entry.get("code"))
    question = question.strip() if isinstance(question, str) and question.strip() else None
    if code:
        line = f" (line {entry['line']})" if isinstance(entry.get("line"), int) else ""
        prompt = (f"In your `{drill}` on {_said_day(day)} you wrote `{code}`{line}. "
                  + (question or "What is wrong with it, what must it be, and why?"))
    else:
        prompt = (f"Your `{drill}` of {_said_day(day)} failed" + (f": {question}" if question else
                  f" with the slip '{slip}'. What went wrong, what is the fix, and why?"))
    message = events.printable(str(entry.get("message") or "")).strip() or f"The slip '{slip}'."
    answer = message
    how = entry.get("how")
    if isinstance(how, str) and how and how not in message:
        answer += f"\nWhat the grader saw: {events.printable(how)}."
    return prompt[:TEXT_CAP], answer[:TEXT_CAP]


def origin(drill: str, day: str) -> str:
    return f"from your {drill} attempt of {day}"


def _store(conn: sqlite3.Connection, e: dict, event_id: str) -> None:
    """The card and its text as a creation event gives them (inside the caller's transaction)."""
    conn.execute("INSERT OR REPLACE INTO mistake_cards (card_id, slip, drill, prompt, answer, day, line, code, event) "
                 "VALUES (?,?,?,?,?,?,?,?,?)", (e["card"], e["slip"], e["drill"], e["prompt"], e["answer"], e["day"],
                                                e.get("line"), e.get("code"), event_id))
    # position 0: first among the new cards, whose order is the curriculum's (a mistake is the freshest lesson)
    conn.execute("INSERT OR IGNORE INTO cards (id, session_id, position, kind, added_day) VALUES (?, ?, 0, 'basic', ?)",
                 (e["card"], SESSION, e["day"]))


def record(conn: sqlite3.Connection, deck, drill: str, diagnosis: list, moment: datetime,
           questions: dict | None = None) -> list[str]:
    """Cards for the verified causes of an attempt just recorded (inside the caller's transaction): a new
    card for a slip made the first time, a lapse (grade 1) of its card for a slip made again on another
    study day (a watch that re-grades each save, or tries in a row, are one lapse a day). `questions`: the
    drill's question for each slip (drill.yaml). Returns a line for each."""
    said, seen = [], set()
    day = clock.study_day(moment, deck.config.rollover_hour)
    iso = day.isoformat()
    for entry in diagnosis or []:
        slip = slip_of(entry)
        if slip is None or slip in seen:
            continue
        seen.add(slip)
        card_id = PREFIX + slip
        row = conn.execute("SELECT c.last_day, m.day FROM cards c LEFT JOIN mistake_cards m ON m.card_id = c.id "
                           "WHERE c.id = ?", (card_id,)).fetchone()
        if row is None:
            prompt, answer = card_text(drill, slip, entry, day, (questions or {}).get(entry.get("mistake")))
            fields = {"card": card_id, "slip": slip, "drill": drill, "prompt": prompt, "answer": answer, "day": iso,
                      "line": entry.get("line") if isinstance(entry.get("line"), int) else None,
                      "code": _quote(entry.get("code"))}
            event = events.record(conn, KIND, moment, **fields)
            _store(conn, fields, event)
            said.append(f"new recall card {card_id}: this slip comes back in `studyxf review`")
        elif iso not in row:
            _, due = deck.commit_answer(card_id, 1, moment)
            said.append(f"{card_id} again: its card lapsed, back on {due.isoformat() if due else 'its next day'}")
    return said


def materialise(conn: sqlite3.Connection, card_ids) -> None:
    """The mistake cards among these ids made (or their text set) from their earliest creation event, so
    that a replay finds them (inside the caller's transaction). A machine that made the same slip keeps its
    card and its history; both machines then show the earliest text."""
    for card_id in card_ids:
        if not card_id.startswith(PREFIX):
            continue
        row = conn.execute("SELECT id, body FROM events WHERE subject = ? AND kind = ? ORDER BY ord LIMIT 1",
                           (events.CARD + card_id, KIND)).fetchone()
        if row is not None:
            _store(conn, json.loads(row[1]), row[0])


def text_of(conn: sqlite3.Connection, card_id: str) -> tuple[str, str, str, str, str] | None:
    """(slip, drill, prompt, answer, day) of a mistake card; None when it has no text here."""
    return conn.execute("SELECT slip, drill, prompt, answer, day FROM mistake_cards WHERE card_id = ?",
                        (card_id,)).fetchone()


def slips(conn: sqlite3.Connection, since: str | None = None) -> list[dict]:
    """The verified slips of the drill attempts (since this local time, if given), most frequent first:
    [{"slip", "drill", "count", "last"}], `last` the local time of the latest attempt that made it. Read from the attempts, which every machine rebuilds alike from the merged log."""
    sql = ("SELECT a.id, a.drill, a.at, d.value FROM drill_attempts a, json_each(a.diagnosis) d "
           "WHERE a.status != 'pass' AND json_valid(a.diagnosis) AND json_type(d.value) = 'object' "
           "AND json_extract(d.value, '$.verified') = 1" + (" AND a.at >= ?" if since else "") + " ORDER BY a.id")
    counts: dict[tuple[str, str], list] = {}
    try:
        rows = conn.execute(sql, (since,) if since else ()).fetchall()
    except sqlite3.Error:  # a row whose diagnosis is not JSON an older studyxf wrote: no weak spots, no failure
        return []
    per_attempt: set[tuple[int, str]] = set()  # an attempt counts a slip once (a double slip names it twice)
    for attempt, drill, at, value in rows:
        slip = slip_of(json.loads(value))
        if slip is None or (attempt, slip) in per_attempt:
            continue
        per_attempt.add((attempt, slip))
        entry = counts.setdefault((slip, drill), [0, at])
        entry[0] += 1
        entry[1] = max(entry[1], at)
    out = [{"slip": s, "drill": d, "count": n, "last": last} for (s, d), (n, last) in counts.items()]
    out.sort(key=lambda r: (r["last"], r["slip"]), reverse=True)  # ties: the latest first
    return sorted(out, key=lambda r: -r["count"])


def weak_spots(conn: sqlite3.Connection, today: date, limit: int = 3) -> list[dict]:
    """The slips made most often in the last WEAK_DAYS days, with the drill to redo."""
    from datetime import timedelta

    since = (today - timedelta(days=WEAK_DAYS)).isoformat()
    return slips(conn, since)[:limit]


def weak_spot_lines(conn: sqlite3.Connection, today: date) -> list[str]:
    """`today`'s weak spots as lines (a heading, then one per slip); none when there are none."""
    spots = weak_spots(conn, today)
    if not spots:
        return []
    return [f"Weak spots (your most frequent slips, last {WEAK_DAYS // 7} weeks):"] + [
        f"  {s['slip']} x{s['count']} in {s['drill']} (last {s['last'][:10]}): redo it - studyxf drill {s['drill']}"
        for s in spots]
