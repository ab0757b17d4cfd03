"""One sitting of review, shared by the review screen and `review --plain`: what was answered,
suspended or buried, in order, so `u` undoes whichever came last (a stack), and the tallies."""

from __future__ import annotations

from dataclasses import dataclass, field

from studyxf.srs.deck import Deck

from studyxf.srs.schedulers import Sm2

NAMES, MEANING = Sm2.names, Sm2.meaning  # SM-2's grades; a deck's scheduler has its own (deck.scheduler)


def interval_label(days: int | None) -> str:
    if days is None:
        return "again today"
    if days < 30:
        return f"{days}d"
    if days < 365:
        return f"{days / 30:.1f}mo"
    return f"{days / 365:.1f}y"


@dataclass
class Sitting:
    deck: Deck
    practice: bool = False
    stack: list[tuple] = field(default_factory=list)  # ("grade", review id, q) | ("suspend", card) | ("bury", card, prev)
    reviewed: int = 0
    again: int = 0
    practice_done: set = field(default_factory=set)

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
        """Undo the latest grade, suspension or burial; returns the card to show again (None: nothing to undo)."""
        if not self.stack:
            return None
        action = self.stack.pop()
        if action[0] == "grade":
            _, review_id, quality, card_id = action
            self.deck.undo(review_id)
            self.reviewed -= 1
            self.again -= self.deck.scheduler.fails(quality)
            self.practice_done.discard(card_id)
            return card_id
        if action[0] == "suspend":
            self.deck.suspend(action[1], False)
            return action[1]
        self.deck.unbury(action[1], action[2])
        return action[1]
