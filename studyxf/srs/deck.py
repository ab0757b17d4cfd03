"""The review deck on the store: cards synced from the curriculum, the daily queue, answers
(one BEGIN IMMEDIATE transaction each), undo, skip, suspend, bury, reset, flag.

Plain SQL on the per-answer path: sqlite-utils' Table.update() reads the row first (DESIGN.md).
"""

from __future__ import annotations

import json
import random
import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta

from studyxf import clock
from studyxf.config import Config
from studyxf.content.curriculum import Curriculum
from studyxf.content.sessions import RecallPrompt, Session
from studyxf.srs import mistakes, schedulers, sm2
from studyxf.store import days, events
from studyxf.store.db import transaction

REASK_BELOW = 4  # SM-2 step 7: within the day, repeat until the card scores 4 or more
FSRS_REASK_BELOW = 2  # FSRS without learning steps: Again brings the card back the same day

_CARD_COLS = ("id, session_id, reps, ef_milli, interval, due, last_day, lapses, suspended, leech, buried_until, fsrs, "
              "removed")


@dataclass
class Card:
    id: str
    session_id: str
    prompt: RecallPrompt | None
    repetitions: int
    ef_milli: int
    interval: int
    due: date | None
    last_day: date | None
    lapses: int
    suspended: bool
    leech: bool
    buried_until: date | None = None
    fsrs: str | None = None  # FSRS's memory state, kept while FSRS schedules
    removed: bool = False  # its prompt (or its whole session) left the curriculum: kept, with its history
    origin: str | None = None  # a mistake card's attempt ("from your attention attempt of 2026-12-04")
    slip: str | None = None  # a mistake card's slip id

    @property
    def state(self) -> sm2.CardState:
        return sm2.CardState(self.repetitions, self.ef_milli, self.interval, self.due)

    @property
    def step(self) -> schedulers.Step | None:
        """The schedule as the schedulers read it; None for a card never answered."""
        if self.due is None:
            return None
        return schedulers.Step(self.due, self.interval, self.repetitions, self.ef_milli, self.fsrs)


@dataclass(frozen=True)
class Outcome:
    """What one grade would do to a card now, as the learner meets it."""
    again_today: bool  # the card comes back later in today's review (SM-2's step 7, FSRS's Again)
    days: int | None  # days from today to its due date after this grade; None in practice (nothing moves)
    leech: bool = False  # this lapse makes it a leech: suspended instead


def _d(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


class _Prompts:
    """Card id -> (session, prompt), looked up when a card is shown: a session's prompts are indexed
    (and, read from the cache, decoded) when one of its cards is first asked for, not all 20,000 at
    each start (issue 30)."""

    def __init__(self, curriculum: Curriculum):
        self._sessions = {s.id: s for s in curriculum.sessions}
        self._index: dict[str, dict[str, RecallPrompt]] = {}

    def get(self, card_id: str) -> tuple[Session, RecallPrompt] | None:
        cut = card_id.find("/")
        while cut != -1:  # "<session id>/<prompt id>"; neither is expected to hold a "/", but either may
            session = self._sessions.get(card_id[:cut])
            if session is not None:
                index = self._index.get(session.id)
                if index is None:
                    index = self._index[session.id] = {p.id: p for p in session.recall}
                prompt = index.get(card_id[cut + 1:])
                if prompt is not None:
                    return session, prompt
            cut = card_id.find("/", cut + 1)
        return None


class Deck:
    """A learner's cards: the store's state joined with the curriculum's prompts."""

    def __init__(self, conn: sqlite3.Connection, curriculum: Curriculum, config: Config | None = None):
        self.conn = conn
        self.curriculum = curriculum
        self.config = config or Config()
        self.prompts = _Prompts(curriculum)
        self.scheduler = schedulers.make(schedulers.chosen(self.config), self.config.rollover_hour)
        self._follow_scheduler()

    # -- the scheduler -------------------------------------------------------------------------
    def _follow_scheduler(self) -> None:
        """After a switch between SM-2 and FSRS, every answered card (and drill) is rescheduled by
        replaying its log under the chosen scheduler; the log itself is never changed."""
        row = self.conn.execute("SELECT value FROM settings WHERE key = 'scheduler'").fetchone()
        if row and row[0] == self.scheduler.name:
            return
        from studyxf.srs import drills as drill_srs

        with transaction(self.conn):
            row = self.conn.execute("SELECT value FROM settings WHERE key = 'scheduler'").fetchone()
            if row and row[0] == self.scheduler.name:  # another process switched first
                return
            logs: dict[str, list] = {}
            for card_id, *entry in self.conn.execute(
                    "SELECT card_id, at, day, grade, scale FROM reviews WHERE reask = 0 AND practice = 0 ORDER BY id"):
                logs.setdefault(card_id, []).append(entry)
            for card_id, log in logs.items():
                state = schedulers.replay(self.scheduler, log)
                self.conn.execute("UPDATE cards SET reps = ?, ef_milli = ?, interval = ?, due = ?, "
                                  "fsrs = COALESCE(?, fsrs) WHERE id = ?",
                                  (state.reps, state.ef_milli, state.interval, state.due.isoformat(), state.fsrs,
                                   card_id))
            drill_srs.reschedule_all(self.conn, self.scheduler, self.config.rollover_hour)
            self.conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('scheduler', ?)",
                              (self.scheduler.name,))

    # -- the study day -------------------------------------------------------------------------
    def today(self) -> date:
        return clock.study_day(clock.now(), self.config.rollover_hour)

    # -- syncing cards from the curriculum -----------------------------------------------------
    def enter_session(self, session: Session) -> None:
        """Put a session's recall prompts into the deck (idempotent), restore prompts that came
        back, and suspend cards whose prompt left the YAML (their history stays)."""
        day = self.today().isoformat()
        wanted = {f"{session.id}/{p.id}": (i, p) for i, p in enumerate(session.recall)}
        with transaction(self.conn):
            stored = {row[0]: row[1] for row in self.conn.execute(
                "SELECT id, removed FROM cards WHERE session_id = ?", (session.id,))}
            added = []
            for card_id, (i, prompt) in wanted.items():
                position = session.number * 10000 + i
                if card_id not in stored:
                    self.conn.execute(
                        "INSERT INTO cards (id, session_id, position, kind, added_day) VALUES (?,?,?,?,?)",
                        (card_id, session.id, position, prompt.kind, day))
                    added.append(card_id)
                else:
                    self.conn.execute(
                        "UPDATE cards SET position = ?, kind = ?, "
                        "suspended = CASE WHEN removed = 1 THEN leech ELSE suspended END, removed = 0 "
                        "WHERE id = ? AND (position != ? OR kind IS NOT ? OR removed = 1)",
                        (position, prompt.kind, card_id, position, prompt.kind))
            gone = [cid for cid, removed in stored.items() if cid not in wanted and not removed]
            for card_id in gone:
                self.conn.execute("UPDATE cards SET removed = 1, suspended = 1 WHERE id = ?", (card_id,))
            for card_id, (_, prompt) in wanted.items():
                if prompt.merged_from:  # duplicates this prompt replaced: their reviews become its own
                    from studyxf.srs import merges

                    merges.merge(self.conn, card_id, prompt.merged_from, self.scheduler, self.config)
            # events another device synced for cards this one did not have yet apply now they appear
            waiting = [cid for cid in added if self.conn.execute(
                "SELECT 1 FROM events WHERE subject = ? LIMIT 1", (events.CARD + cid,)).fetchone()]
            if waiting:
                from studyxf.sync import replay

                replay.cards(self.conn, waiting, self.scheduler, self.config)

    def sync(self) -> None:
        """Re-sync every session that has entered the deck (their YAML may have changed), and mark
        removed the cards of sessions that left the curriculum. Skipped when neither the curriculum's
        files nor the sessions entered changed since the last sync (settings.deck_synced): a start
        does no work per card (issue 30)."""
        entered = [row[0] for row in self.conn.execute(
            "SELECT session_id FROM session_progress WHERE first_today IS NOT NULL ORDER BY session_id")]
        stamp = None
        if self.curriculum.key is not None:
            # the inputs themselves, compared as text (~15 kB at 200 session files): a digest of them
            # imported hashlib, 1.5 ms of every start
            stamp = repr((self.curriculum.key, entered))
            row = self.conn.execute("SELECT value FROM settings WHERE key = 'deck_synced'").fetchone()
            if row and row[0] == stamp:
                return
        wanted = set(entered)
        for session in self.curriculum.sessions:
            if session.id in wanted and session.recall:
                self.enter_session(session)
        with transaction(self.conn):
            if not any(": id: replaces the session" not in w for w in self.curriculum.warnings):
                # a session file that is gone removes its cards as a prompt that left its file does
                # (enter_session); not while a folder is missing or a file failed to load
                known = [s.id for s in self.curriculum.sessions] + [mistakes.SESSION]  # no file holds those
                self.conn.execute(
                    "UPDATE cards SET removed = 1, suspended = 1 WHERE removed = 0 AND session_id NOT IN "
                    "(SELECT value FROM json_each(?))", (json.dumps(known),))
            if stamp is not None:
                self.conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('deck_synced', ?)", (stamp,))

    # -- reading cards -------------------------------------------------------------------------
    def _card(self, row) -> Card:
        if row[1] == mistakes.SESSION:
            return self._mistake_card(row)
        prompt = self.prompts.get(row[0])
        return Card(id=row[0], session_id=row[1], prompt=prompt[1] if prompt else None,
                    repetitions=row[2], ef_milli=row[3], interval=row[4], due=_d(row[5]),
                    last_day=_d(row[6]), lapses=row[7], suspended=bool(row[8]), leech=bool(row[9]),
                    buried_until=_d(row[10]), fsrs=row[11], removed=bool(row[12]))

    def _mistake_card(self, row) -> Card:
        """A mistake card: its text from the store (srs/mistakes.py), not from a session file."""
        text = mistakes.text_of(self.conn, row[0])
        prompt = RecallPrompt(id=text[0], prompt=text[2], answer=text[3], drill=text[1]) if text else None
        return Card(id=row[0], session_id=row[1], prompt=prompt,
                    repetitions=row[2], ef_milli=row[3], interval=row[4], due=_d(row[5]),
                    last_day=_d(row[6]), lapses=row[7], suspended=bool(row[8]), leech=bool(row[9]),
                    buried_until=_d(row[10]), fsrs=row[11], removed=bool(row[12]),
                    origin=mistakes.origin(text[1], text[4]) if text else None, slip=text[0] if text else None)

    def get(self, card_id: str) -> Card | None:
        row = self.conn.execute(f"SELECT {_CARD_COLS} FROM cards WHERE id = ?", (card_id,)).fetchone()
        return self._card(row) if row else None

    def all_cards(self) -> list[Card]:
        rows = self.conn.execute(f"SELECT {_CARD_COLS} FROM cards ORDER BY position, id")
        return [self._card(r) for r in rows]

    def review_counts(self, ids: list[str] | None = None) -> dict[str, int]:
        """Logged answers per card: of these cards (by index), or of every card."""
        if ids is None:
            return dict(self.conn.execute("SELECT card_id, COUNT(*) FROM reviews GROUP BY card_id"))
        return {cid: self.conn.execute("SELECT COUNT(*) FROM reviews WHERE card_id = ?", (cid,)).fetchone()[0]
                for cid in ids}

    # -- the queue -----------------------------------------------------------------------------
    def reasks(self, day: date | None = None) -> list[str]:
        """Cards answered today whose latest grade today asks for it again (SM-2 below 4, FSRS Again), in
        the order last answered."""
        day = (day or self.today()).isoformat()
        latest: dict[str, bool] = {}
        for card_id, again in self.conn.execute(
                "SELECT card_id, CASE scale WHEN 'fsrs' THEN grade < ? ELSE grade < ? END FROM "
                f"{days.ANSWERS_ON} AND practice = 0 ORDER BY id", (FSRS_REASK_BELOW, REASK_BELOW, day, day)):
            latest.pop(card_id, None)
            latest[card_id] = again
        ids = [cid for cid, again in latest.items() if again]
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        active = {r[0] for r in self.conn.execute(
            f"SELECT id FROM cards WHERE id IN ({marks}) AND suspended = 0 "
            f"AND (buried_until IS NULL OR buried_until <= ?)", (*ids, day))}
        return [cid for cid in ids if cid in active]

    def limits_left(self, day: date | None = None) -> tuple[int, int]:
        """(new cards, reviews) still allowed today under the daily limits."""
        day = (day or self.today()).isoformat()
        new_done, reviews_done = days.graded_on(self.conn, day)
        return (max(0, self.config.new_cards_per_day - new_done),
                max(0, self.config.reviews_per_day - reviews_done))

    def _due_cursor(self, day: date, limit: int | None):
        iso = day.isoformat()
        return self.conn.execute(
            "SELECT id FROM cards WHERE suspended = 0 AND due IS NOT NULL AND due <= ? "
            "AND (last_day IS NULL OR last_day != ?) AND (buried_until IS NULL OR buried_until <= ?) "
            "ORDER BY due, position, id LIMIT ?", (iso, iso, iso, -1 if limit is None else limit))

    def _new_cursor(self, day: date, limit: int | None):
        return self.conn.execute(
            "SELECT id FROM cards WHERE suspended = 0 AND due IS NULL "
            "AND (buried_until IS NULL OR buried_until <= ?) ORDER BY position, id LIMIT ?",
            (day.isoformat(), -1 if limit is None else limit))

    def due_ids(self, day: date | None = None, limit: int | None = None) -> list[str]:
        return [r[0] for r in self._due_cursor(day or self.today(), limit)]

    def new_ids(self, day: date | None = None, limit: int | None = None) -> list[str]:
        return [r[0] for r in self._new_cursor(day or self.today(), limit)]

    def queue(self, day: date | None = None, sessions: set[str] | None = None) -> list[str]:
        """What `review` shows now, in order: due (overdue first, by due date), then new cards in
        curriculum order, under the daily limits; then today's re-asks."""
        day = day or self.today()
        new_left, reviews_left = self.limits_left(day)
        due = self.due_ids(day, reviews_left)
        new = self.new_ids(day, new_left)
        reasks = self.reasks(day)
        ids = list(dict.fromkeys(due + new + reasks))
        if sessions is not None:
            ids = [cid for cid in ids if cid.split("/", 1)[0] in sessions]
        return ids

    def next_id(self, skip: set[str] | frozenset = frozenset(), sessions: set[str] | None = None) -> str | None:
        """The first card of queue(), without building the rest of it: the cursors are read only
        as far as the first card not skipped (under 1 ms at 1M cards; the full queue can be
        thousands of rows after weeks away)."""
        day = self.today()
        new_left, reviews_left = self.limits_left(day)

        def wanted(card_id: str) -> bool:
            return card_id not in skip and (sessions is None or card_id.split("/", 1)[0] in sessions)

        for cursor in (self._due_cursor(day, reviews_left), self._new_cursor(day, new_left)):
            for (card_id,) in cursor:
                if wanted(card_id):
                    return card_id
        return next((c for c in self.reasks(day) if wanted(c)), None)

    def practice_ids(self, sessions: set[str] | None = None, exclude: set[str] | frozenset = frozenset()) -> list[str]:
        """Practice mode's cards: every active card (of these sessions), in curriculum order."""
        rows = self.conn.execute("SELECT id, session_id FROM cards WHERE suspended = 0 ORDER BY position, id")
        return [cid for cid, sid in rows if cid not in exclude and (sessions is None or sid in sessions)]

    def answered_today(self, sessions: set[str] | None = None, day: date | None = None) -> int:
        """Cards (of these sessions) given their first grade of the study day today: re-asks and
        practice not counted."""
        iso = (day or self.today()).isoformat()
        rows = self.conn.execute(
            f"SELECT DISTINCT card_id FROM {days.ANSWERS_ON} AND reask = 0 AND practice = 0", (iso, iso))
        return sum(1 for (cid,) in rows if sessions is None or cid.split("/", 1)[0] in sessions)

    def slot_left(self, sessions: set[str] | None = None, cards: int | None = None) -> int:
        """How many more cards a revision day takes (REVISION_CARDS, less those answered today)."""
        from studyxf.content.curriculum import REVISION_CARDS

        return max(0, (REVISION_CARDS if cards is None else cards) - self.answered_today(sessions))

    def backlog(self, day: date | None = None) -> int:
        """Due cards beyond today's review limit (after weeks away)."""
        iso = (day or self.today()).isoformat()
        total = self.conn.execute(
            "SELECT COUNT(*) FROM cards WHERE suspended = 0 AND due IS NOT NULL AND due <= ? "
            "AND (last_day IS NULL OR last_day != ?)", (iso, iso)).fetchone()[0]
        return max(0, total - self.limits_left(day)[1])

    def next_due(self, day: date | None = None, sessions: set[str] | None = None) -> date | None:
        """The study day the next card can be reviewed (of these sessions): today while the queue
        holds one; else the earliest due date, buried date or tomorrow (a card due but held back by
        the daily limits); None when no card is scheduled."""
        day = day or self.today()
        if self.queue(day, sessions):
            return day
        # nothing is reviewable today, so a card due (or new) now waits for tomorrow at least
        tomorrow = (day + timedelta(days=1)).isoformat()
        rows = self.conn.execute(
            "SELECT session_id, MIN(MAX(COALESCE(due, ?), COALESCE(buried_until, ?), ?)) FROM cards "
            "WHERE suspended = 0 GROUP BY session_id", (tomorrow, tomorrow, tomorrow))
        found = [first for sid, first in rows if sessions is None or sid in sessions]
        return _d(min(found)) if found else None

    # -- answering -----------------------------------------------------------------------------
    def answer(self, card_id: str, quality: int, seconds: float | None = None,
               typed: str | None = None, practice: bool = False) -> tuple[int, date | None]:
        """Commit one answer (a grade on the chosen scheduler's scale) durably; returns (review id,
        due date after it)."""
        sched = self.scheduler
        if quality not in sched.grades:
            raise ValueError(f"{sched.name} grades are {sched.grades[0]}..{sched.grades[-1]}")
        with transaction(self.conn):
            return self.commit_answer(card_id, quality, clock.now(), seconds, typed, practice)

    def commit_answer(self, card_id: str, quality: int, moment, seconds: float | None = None,
                      typed: str | None = None, practice: bool = False) -> tuple[int, date | None]:
        """`answer`'s work inside the caller's transaction (a mistake card's lapse is part of its attempt's)."""
        sched = self.scheduler
        day = clock.study_day(moment, self.config.rollover_hour)
        iso = day.isoformat()
        row = self.conn.execute(
            "SELECT reps, ef_milli, interval, due, last_day, lapses, suspended, leech, fsrs, "
            f"{events.LAST_COLUMNS} FROM cards, device WHERE cards.id = ?", (card_id,)).fetchone()
        if row is None:
            raise KeyError(card_id)
        reps, ef, interval, due, last_day, lapses, suspended, leech, fsrs, device_id, seq = row
        prev = (reps, ef, interval, due, last_day, lapses, suspended, leech)  # for undo
        before = schedulers.Step(_d(due), interval, reps, ef, fsrs) if due else None
        reask = practice or last_day == iso
        fuzz = 0
        if reask:
            new = before or schedulers.Step(None, interval, reps, ef, fsrs)
        else:
            fuzz = sm2.fuzz_days(interval, random.Random()) if self.config.fuzz and sched.name == "sm2" else 0
            new = sched.step(before, quality, moment, day, fuzz)
            if sched.fails(quality) and due is not None:
                lapses += 1
            if lapses >= self.config.leech_threshold and not leech:
                leech, suspended = 1, 1
            self.conn.execute(
                "UPDATE cards SET reps = ?, ef_milli = ?, interval = ?, due = ?, last_day = ?, "
                "lapses = ?, suspended = ?, leech = ?, fsrs = COALESCE(?, fsrs) WHERE id = ?",
                (new.reps, new.ef_milli, new.interval, new.due.isoformat(), iso, lapses,
                 suspended, leech, new.fsrs, card_id))
        event = events.record(self.conn, "review", moment, (device_id, seq), card=card_id, grade=quality,
                              scale=sched.name, day=iso, typed=typed, seconds=seconds,
                              practice=bool(practice), fuzz=fuzz)
        cur = self.conn.execute(
            "INSERT INTO reviews (card_id, at, day, grade, reask, typed, seconds, practice, "
            "prev_reps, prev_ef_milli, prev_interval, prev_due, prev_last_day, prev_lapses, "
            "prev_suspended, prev_leech, new_reps, new_ef_milli, new_interval, new_due, scale, event) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (card_id, clock.timestamp(moment), iso, quality, int(reask), typed,
             seconds, int(practice), *prev, new.reps, new.ef_milli, new.interval,
             new.due.isoformat() if new.due else None, sched.name, event))
        return cur.lastrowid, new.due

    def undo(self, review_id: int) -> str | None:
        """Remove one logged answer and restore the card as it was before it; returns the card id."""
        with transaction(self.conn):
            row = self.conn.execute(
                "SELECT card_id, reask, prev_reps, prev_ef_milli, prev_interval, prev_due, "
                "prev_last_day, prev_lapses, prev_suspended, prev_leech, scale, event FROM reviews WHERE id = ?",
                (review_id,)).fetchone()
            if row is None:
                return None
            card_id, reask = row[0], row[1]
            events.record(self.conn, "undo", card=card_id, review=row[11])
            self.conn.execute("DELETE FROM reviews WHERE id = ?", (review_id,))
            if not reask:
                self.conn.execute(
                    "UPDATE cards SET reps = ?, ef_milli = ?, interval = ?, due = ?, last_day = ?, "
                    "lapses = ?, suspended = ?, leech = ? WHERE id = ?", (*row[2:10], card_id))
                if row[10] == "fsrs":  # FSRS's memory as it was: the card's remaining log replayed
                    log = self.conn.execute("SELECT at, day, grade, scale FROM reviews WHERE card_id = ? AND "
                                            "reask = 0 AND practice = 0 ORDER BY id", (card_id,)).fetchall()
                    state = schedulers.replay(self.scheduler, log) if self.scheduler.name == "fsrs" else None
                    self.conn.execute("UPDATE cards SET fsrs = ? WHERE id = ?", (state.fsrs if state else None,
                                                                                  card_id))
        return card_id

    # -- other actions -------------------------------------------------------------------------
    def _set(self, event: tuple[str, dict], sql: str, *params) -> bool:
        """One change to a card and its event (DESIGN.md: every change to the history is an event)."""
        with transaction(self.conn):
            if self.conn.execute("SELECT 1 FROM cards WHERE id = ?", (event[1]["card"],)).fetchone() is None:
                return False
            events.record(self.conn, event[0], **event[1])
            return self.conn.execute(sql, params).rowcount > 0

    def suspend(self, card_id: str, on: bool = True) -> bool:
        return self._set(("suspend" if on else "unsuspend", {"card": card_id}),
                         "UPDATE cards SET suspended = ? WHERE id = ? AND removed = 0", int(on), card_id)

    def bury(self, card_id: str) -> str | None:
        """Hide the card until the next study day; returns what buried_until was (for undo)."""
        tomorrow = (self.today() + timedelta(days=1)).isoformat()
        with transaction(self.conn):
            row = self.conn.execute("SELECT buried_until FROM cards WHERE id = ?", (card_id,)).fetchone()
            if row is not None:
                events.record(self.conn, "bury", card=card_id, until=tomorrow)
            self.conn.execute("UPDATE cards SET buried_until = ? WHERE id = ?", (tomorrow, card_id))
        return row[0] if row else None

    def unbury(self, card_id: str, previous: str | None = None) -> bool:
        return self._set(("unbury", {"card": card_id, "until": previous}),
                         "UPDATE cards SET buried_until = ? WHERE id = ?", previous, card_id)

    def state_of(self, card: Card, reasks: set[str] | None = None, day: date | None = None) -> str:
        """new, learning (graded below 4 today, to be asked again), review, suspended, buried or removed
        (its prompt left the curriculum)."""
        day = day or self.today()
        if card.removed:
            return "removed"
        if card.suspended:
            return "suspended"
        if card.buried_until and card.buried_until > day:
            return "buried"
        if card.id in (reasks if reasks is not None else set(self.reasks(day))):
            return "learning"
        return "new" if card.due is None else "review"

    def preview(self, card_id: str) -> dict[int, int | None]:
        """The interval (days) each grade of the chosen scheduler would give now, from the function that commits it; None
        for a re-ask (already answered today: the schedule does not move)."""
        card = self.get(card_id)
        moment = clock.now()
        day = clock.study_day(moment, self.config.rollover_hour)
        grades = self.scheduler.grades
        if card is None or card.last_day == day:
            return {q: None for q in grades}
        return {q: self.scheduler.step(card.step, q, moment, day).interval for q in grades}

    def asks_again(self, grade: int) -> bool:
        """Whether this grade brings the card back later today (the rule reasks() reads from the log)."""
        return grade < (FSRS_REASK_BELOW if self.scheduler.name == "fsrs" else REASK_BELOW)

    def outcomes(self, card_id: str, practice: bool = False) -> dict[int, Outcome]:
        """What each grade of the chosen scheduler would do now, from the function that commits it:
        whether the card comes back today, and the days until it is due. A re-ask (answered today
        already) keeps its due date whatever the grade; practice changes nothing."""
        grades = self.scheduler.grades
        card = self.get(card_id)
        if practice or card is None:
            return {q: Outcome(False, None) for q in grades}
        moment = clock.now()
        day = clock.study_day(moment, self.config.rollover_hour)
        if card.last_day == day:
            days = (card.due - day).days if card.due else None
            return {q: Outcome(self.asks_again(q), days) for q in grades}
        out = {}
        for q in grades:
            # a lapse that reaches the threshold suspends the card (answer()'s leech rule)
            lapses = card.lapses + (self.scheduler.fails(q) and card.due is not None)
            leech = not card.leech and lapses >= self.config.leech_threshold
            due = self.scheduler.step(card.step, q, moment, day).due
            out[q] = Outcome(self.asks_again(q) and not leech, (due - day).days, leech)
        return out

    def history(self, card_id: str) -> list[dict]:
        """Every logged answer of a card, oldest first; `scale` says whose grade it is (sm2 0-5, fsrs 1-4)."""
        rows = self.conn.execute(
            "SELECT day, grade, reask, practice, typed, new_interval, new_due, scale FROM reviews WHERE card_id = ? "
            "ORDER BY id", (card_id,))
        return [{"day": r[0], "grade": r[1], "reask": bool(r[2]), "practice": bool(r[3]), "typed": r[4],
                 "interval": r[5], "due": r[6], "scale": r[7]} for r in rows]

    def source_of(self, card_id: str) -> tuple[str, int] | None:
        """The session file and line that hold this card's prompt (for $EDITOR)."""
        found = self.prompts.get(card_id)
        if not found or found[0].source is None:
            return None
        session, prompt = found
        index = next(i for i, p in enumerate(session.recall) if p.id == prompt.id)
        return str(session.source), session.line_of("recall", index)

    def counts(self, sessions: set[str] | None = None) -> dict[str, int]:
        """What is left today, as Anki's top line shows it: new, learning, review."""
        day = self.today()
        queue = self.queue(day, sessions)
        learning = set(self.reasks(day))
        rows = {}
        if queue:
            marks = ",".join("?" * len(queue))
            rows = dict(self.conn.execute(f"SELECT id, due FROM cards WHERE id IN ({marks})", queue))
        out = {"new": 0, "learning": 0, "review": 0}
        for card_id in queue:
            out["learning" if card_id in learning else "new" if rows.get(card_id) is None else "review"] += 1
        return out

    def reset(self, card_id: str) -> bool:
        """Forget a card's schedule and history: it becomes new again."""
        with transaction(self.conn):
            if self.conn.execute("SELECT 1 FROM cards WHERE id = ?", (card_id,)).fetchone() is not None:
                events.record(self.conn, "reset", card=card_id)
            self.conn.execute("DELETE FROM reviews WHERE card_id = ?", (card_id,))
            return self.conn.execute(
                "UPDATE cards SET reps = 0, ef_milli = ?, interval = 0, due = NULL, last_day = NULL, "
                "lapses = 0, leech = 0, suspended = removed, buried_until = NULL, fsrs = NULL WHERE id = ?",
                (sm2.EF_START_MILLI, card_id)).rowcount > 0

    def flag(self, card_id: str, note: str) -> bool:
        return self._set(("flag", {"card": card_id, "note": note or "flagged"}),
                         "UPDATE cards SET flag = ? WHERE id = ?", note or "flagged", card_id)
