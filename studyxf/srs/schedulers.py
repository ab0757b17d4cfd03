"""The two schedulers a learner can choose, behind one face: SM-2 (the default, srs/sm2.py) and FSRS
(the `fsrs` package, version 6, imported only when chosen). Each knows its grades, how to schedule
one answer, and how to rebuild a card from its review log, so switching keeps every card's history.

FSRS, as DESIGN.md fixes it: desired retention 0.9, no fuzz, no learning steps (the day is the
unit; same-day re-asks play the part of learning steps), the due date the study day of the
package's due time, Anki's four grades.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from studyxf import clock
from studyxf.errors import StudyxfError
from studyxf.srs import sm2

NAMES = ("sm2", "fsrs")
# a grade logged on one scale, read on the other (a review log can hold both after a switch)
SM2_TO_FSRS = {0: 1, 1: 1, 2: 1, 3: 2, 4: 3, 5: 4}
FSRS_TO_SM2 = {1: 2, 2: 3, 3: 4, 4: 5}


@dataclass
class Step:
    """A card's schedule after an answer: what the cards table stores."""
    due: date
    interval: int
    reps: int
    ef_milli: int
    fsrs: str | None  # FSRS's memory state ('stability difficulty last-review'); None under SM-2


class Sm2:
    name = "sm2"
    grades = (0, 1, 2, 3, 4, 5)
    names = {0: "Blank", 1: "Wrong", 2: "Almost", 3: "Hard", 4: "Good", 5: "Easy"}
    meaning = {0: "no memory of it", 1: "wrong, but the answer was familiar", 2: "wrong, but nearly there",
               3: "right, with real effort", 4: "right, after a moment", 5: "right, at once"}
    good = 4  # the grade a simulation answers with

    def fails(self, grade: int) -> bool:
        return grade < 3

    def from_scale(self, grade: int, scale: str) -> int:
        return grade if scale == "sm2" else FSRS_TO_SM2[grade]

    def from_quality(self, q: int) -> int:
        """An SM-2 quality proposed by studyxf (a typed number, a drill round) on this scale."""
        return q

    def step(self, prev: Step | None, grade: int, moment: datetime, day: date, fuzz: int = 0) -> Step:
        state = sm2.CardState(prev.reps, prev.ef_milli, prev.interval, prev.due) if prev else sm2.CardState()
        new = sm2.grade(state, grade, day, fuzz)
        return Step(new.due, new.interval, new.repetitions, new.ef_milli, None)


class Fsrs:
    name = "fsrs"
    grades = (1, 2, 3, 4)
    names = {1: "Again", 2: "Hard", 3: "Good", 4: "Easy"}
    meaning = {1: "forgot it", 2: "recalled, with serious difficulty", 3: "recalled after a moment",
               4: "recalled at once"}
    good = 3

    def __init__(self, rollover_hour: int = clock.DEFAULT_ROLLOVER_HOUR):
        from fsrs import Card, Rating, Scheduler, State  # ~20 ms: only when FSRS is chosen (or compared)

        from studyxf.srs import fsrs6

        self.Card, self.review_state = Card, State.Review
        self.ratings = {int(r): r for r in Rating}
        self.rollover_hour = rollover_hour
        self.scheduler = Scheduler(desired_retention=0.9, learning_steps=(), relearning_steps=(),
                                   enable_fuzzing=False)
        # A card under review is stepped by the package's formulas written out (srs/fsrs6.py), without
        # review_card's bookkeeping (a copy of the card, a ReviewLog, the state machine, aware datetimes
        # where POSIX seconds do): with our settings (no steps, no fuzz) that is all review_card adds,
        # and it was most of an answer's cost beyond SM-2's (benchmarks/srs.py). tests/test_fsrs.py
        # checks the two agree bit for bit; parameters of another length fall back to review_card.
        self._review_step = fsrs6.review_step(self.scheduler)
        self.direct = self._review_step is not None

    def fails(self, grade: int) -> bool:
        return grade == 1

    def from_scale(self, grade: int, scale: str) -> int:
        return grade if scale == "fsrs" else SM2_TO_FSRS[grade]

    def from_quality(self, q: int) -> int:
        return SM2_TO_FSRS[q]

    @staticmethod
    def aware(moment: datetime) -> datetime:
        """studyxf's local naive times (or aware ones), as the package wants them: aware, in UTC."""
        return moment.astimezone(timezone.utc)

    @staticmethod
    def parse(stored: str) -> tuple[float, float, float]:
        """The stored memory state 'stability difficulty last-review' (the last review in POSIX
        seconds; the due time is not needed to review it; short, so each answer writes few bytes)."""
        stability, difficulty, last = stored.split(" ")
        return float(stability), float(difficulty), float(last)

    @staticmethod
    def memory(stability: float, difficulty: float, last: float) -> str:
        """parse's inverse: full-precision floats, so a replayed state equals the stored one."""
        return f"{stability!r} {difficulty!r} {last!r}"

    def card(self, stored: str | None):
        """The package's Card from the stored memory state."""
        # card_id given: the package's default id sleeps a millisecond to stay unique
        if not stored:
            return self.Card(card_id=0)
        stability, difficulty, last = self.parse(stored)
        last_review = datetime.fromtimestamp(last, timezone.utc)
        return self.Card(card_id=0, state=self.review_state, step=None, stability=stability,
                         difficulty=difficulty, due=last_review, last_review=last_review)

    def study_day(self, when: datetime) -> date:
        """The study day of an aware time, read in local time."""
        return clock.study_day(when.astimezone(), self.rollover_hour)

    def step(self, prev: Step | None, grade: int, moment: datetime, day: date, fuzz: int = 0) -> Step:
        stored = prev.fsrs if prev else None
        if stored and self.direct:
            now = moment.timestamp()  # POSIX seconds: what the package's UTC datetimes stand for
            stability, difficulty, last = self.parse(stored)
            # the package's whole days since the last review
            stability, difficulty, interval = self._review_step(stability, difficulty, (now - last) // 86400, grade)
            memory = self.memory(stability, difficulty, now)
            due = clock.study_day(datetime.fromtimestamp(now + interval * 86400), self.rollover_hour)
        else:  # a first answer (or parameters not FSRS-6's): the package's review_card
            card, _ = self.scheduler.review_card(self.card(stored), self.ratings[grade],
                                                 review_datetime=self.aware(moment))
            memory = self.memory(card.stability, card.difficulty, card.last_review.timestamp())
            due = self.study_day(card.due)
        return Step(due, (due - day).days, (prev.reps if prev else 0) + 1, prev.ef_milli if prev else sm2.EF_START_MILLI,
                    memory)

    def retrievability(self, stored: str | None, moment: datetime) -> float | None:
        if not stored:
            return None
        return self.scheduler.get_card_retrievability(self.card(stored), self.aware(moment))


def chosen(config=None) -> str:
    """STUDYXF_SCHEDULER, else the config's `scheduler`, else sm2."""
    value = os.environ.get("STUDYXF_SCHEDULER") or getattr(config, "scheduler", None) or "sm2"
    if value not in NAMES:
        raise StudyxfError(f"STUDYXF_SCHEDULER: {value!r} is not a scheduler (sm2 or fsrs)")
    return value


def make(name: str, rollover_hour: int = clock.DEFAULT_ROLLOVER_HOUR):
    if name == "fsrs":
        try:
            return Fsrs(rollover_hour)
        except ImportError:
            raise StudyxfError("FSRS needs the fsrs package: pip install 'fsrs>=6,<7'") from None
    return Sm2()


def replay(scheduler, log: list[tuple[str, str, int, str]]) -> Step | None:
    """A card's state rebuilt from its counted answers, oldest first: (at, day, grade, scale) each."""
    state = None
    for at, day, grade, scale in log:
        state = scheduler.step(state, scheduler.from_scale(grade, scale), datetime.fromisoformat(at),
                               date.fromisoformat(day))
    return state


def simulate(scheduler, state: Step | None, start: date, days: int, at_hour: int = 20):
    """The reviews this scheduler asks from `start` over `days` days if every answer is Good:
    yields (day, moment) of each."""
    end = start + timedelta(days=days)
    while state is not None and state.due < end:
        day = max(state.due, start)
        moment = datetime.combine(day, datetime.min.time()) + timedelta(hours=at_hour)
        yield day, moment
        state = scheduler.step(state, scheduler.good, moment, day)
