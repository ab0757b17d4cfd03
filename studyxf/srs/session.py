"""One sitting of review, shared by the review screen and `review --plain`: which card comes next
(a skipped card comes back once the rest is done), what was answered, suspended or buried, in
order, so `u` undoes whichever came last (a stack), and the tallies."""

from __future__ import annotations

from dataclasses import dataclass, field

from studyxf.srs.deck import REASK_BELOW, Deck, Outcome
from studyxf.srs.schedulers import Sm2

NAMES, MEANING = Sm2.names, Sm2.meaning  # SM-2's grades; a deck's scheduler has its own (deck.scheduler)


def interval_label(days: int, compact: bool = False) -> str:
    if days < 30:
        return f"{days}d"
    if days < 365:
        return f"{round(days / 30)}mo" if compact else f"{days / 30:.1f}mo"
    return f"{days / 365:.1f}y"


def outcome_label(outcome: Outcome, compact: bool = False) -> str:
    """What a grade does, as the answer bar says it: "4d"; "today+1d" (compact "1d*"): back later
    today, then due in a day; "leech" (suspended); "" in practice."""
    if outcome.leech:
        return "leech"
    if outcome.days is None:
        return ""
    days = interval_label(outcome.days, compact)
    if outcome.again_today:
        return f"{days}*" if compact else f"today+{days}"
    return days


def answer_bar(scheduler, outcomes: dict[int, Outcome], width: int, reask: bool = False) -> tuple[str, str]:
    """The grades with what each does, on one line of at most `width` cells (shorter forms when
    the full one does not fit), and the line that explains its marks. Rich markup."""
    # (compact labels, names, separator), most readable first; the last is used whatever its width
    forms = [(False, True, "   "), (False, True, "  "), (True, True, "  "), (True, True, " "), (True, False, "  ")]
    for compact, named, sep in forms:
        cells = [" ".join(part for part in (str(q), scheduler.names[q] if named else "",
                                            outcome_label(outcomes[q], compact)) if part)
                 for q in scheduler.grades]
        if len(sep.join(cells)) <= width:
            break
    bar = sep.join(f"[b]{c[0]}[/b]{c[1:]}" for c in cells)
    values = list(outcomes.values())
    if all(o.days is None for o in values):
        return bar, "practice: no schedule changes"
    notes = ["re-ask, due date kept"] if reask else []
    if any(o.again_today for o in values):
        rule = ("Again brings it back later today" if scheduler.name == "fsrs"
                else f"back {'again' if reask else 'later'} today until you score {REASK_BELOW} or more")
        mark = "Nd*" if compact else "today+Nd"
        notes.append(f"{mark}: {rule}" + ("" if reask else ", then due in N days"))
    if any(o.leech for o in values):
        notes.append("leech: this lapse suspends the card")
    return bar, "; ".join(notes)


@dataclass
class Sitting:
    deck: Deck
    practice: bool = False
    stack: list[tuple] = field(default_factory=list)  # ("grade", review id, q) | ("suspend", card) | ("bury", card, prev)
    reviewed: int = 0
    again: int = 0
    practice_done: set = field(default_factory=set)
    skipped: list = field(default_factory=list)  # skipped for now, in the order skipped
    front: str | None = None  # the card to show next (after an undo)
    shown_any: bool = False  # whether this sitting has shown a card at all
    cap: int | None = None  # a revision's card slot: at most this many cards (Deck.slot_left); None: no cap
    taken: list = field(default_factory=list)  # the cards this sitting has shown, in order

    def next_id(self, sessions: set[str] | None = None) -> str | None:
        """The next card to show: an undone card first, then the queue without the skipped cards,
        then the skipped ones in the order skipped (as Anki's "bury for this session": the review
        ends only when nothing left is unanswered). None when nothing is left. Under a cap, once
        `cap` cards were shown only their own re-asks come back: the rest stay due, in order."""
        card_id = self._next_id(sessions)
        self.shown_any = self.shown_any or card_id is not None
        if card_id is not None and card_id not in self.taken:
            self.taken.append(card_id)
        return card_id

    @property
    def full(self) -> bool:
        return self.cap is not None and not self.practice and len(self.taken) >= self.cap

    def held_back(self, sessions: set[str] | None = None) -> int:
        """Due cards a full slot left for another day (or a plain `review`)."""
        if not self.full:
            return 0
        return len([c for c in self.deck.queue(sessions=sessions) if c not in self.taken])

    def _next_id(self, sessions: set[str] | None) -> str | None:
        if self.front is not None:
            card_id, self.front = self.front, None
            return card_id
        deck, skipped = self.deck, set(self.skipped)
        if self.practice:
            ids = deck.practice_ids(sessions, self.practice_done | skipped)
            if ids or not skipped:
                return ids[0] if ids else None
            left = set(deck.practice_ids(sessions, self.practice_done))
        elif self.full:  # the slot is full: this sitting's own re-asks, then its skipped cards
            taken = set(self.taken)
            again = [c for c in deck.reasks() if c in taken and c not in skipped]
            if again or not skipped:
                return again[0] if again else None
            left = set(deck.queue(sessions=sessions))
        else:
            card_id = deck.next_id(skipped, sessions)
            if card_id is not None or not skipped:
                return card_id
            # nothing but skipped cards is left, so the whole queue is small now
            left = set(deck.queue(sessions=sessions))
        # a skipped card that left the queue meanwhile (buried in the browser, graded elsewhere) is dropped
        for card_id in list(self.skipped):
            self.skipped.remove(card_id)
            if card_id in left:
                return card_id
        return None

    def skip(self, card_id: str) -> None:
        """Put the card aside until the rest of the queue is done; nothing is written."""
        if card_id in self.skipped:
            self.skipped.remove(card_id)
        self.skipped.append(card_id)

    def grade(self, card_id: str, quality: int, seconds: float | None, typed: str | None = None):
        review_id, due = self.deck.answer(card_id, quality, seconds, typed, practice=self.practice)
        self.stack.append(("grade", review_id, quality, card_id))
        self.reviewed += 1
        self.again += self.deck.scheduler.fails(quality)
        if self.practice:
            self.practice_done.add(card_id)
        return due

    def suspend(self, card_id: str) -> None:
        self.deck.suspend(card_id)
        self.stack.append(("suspend", card_id))

    def bury(self, card_id: str) -> None:
        previous = self.deck.bury(card_id)
        self.stack.append(("bury", card_id, previous))

    def undo(self) -> str | None:
        """Undo the latest grade, suspension or burial; returns the card, which next_id shows next
        (None: nothing to undo)."""
        if not self.stack:
            return None
        action = self.stack.pop()
        if action[0] == "grade":
            _, review_id, quality, card_id = action
            self.deck.undo(review_id)
            self.reviewed -= 1
            self.again -= self.deck.scheduler.fails(quality)
            self.practice_done.discard(card_id)
        elif action[0] == "suspend":
            card_id = action[1]
            self.deck.suspend(card_id, False)
        else:
            card_id = action[1]
            self.deck.unbury(card_id, action[2])
        self.front = card_id
        return card_id
