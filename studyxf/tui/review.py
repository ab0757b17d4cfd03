"""The flashcard review: space reveals, 0-5 grades, u undo, s skip, ! suspend, b bury; a summary
at the end. Each grade is committed before the next card shows."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Static

from studyxf.srs import numeric
from studyxf.srs.plain import answer_text, prompt_text


class ReviewScreen(Screen):
    BINDINGS = [
        Binding("space", "reveal", "Reveal"),
        *[Binding(str(q), f"grade({q})", f"Grade {q}", show=q in (0, 3, 5)) for q in range(6)],
        Binding("u", "undo", "Undo"),
        Binding("s", "skip", "Skip"),
        Binding("exclamation_mark", "suspend", "Suspend"),
        Binding("b", "bury", "Bury"),
        Binding("escape", "app.back", "Back"),
    ]

    def __init__(self, study, sessions: set[str] | None = None, practice: bool = False,
                 then_practice: bool = False, drills: list[str] | None = None):
        super().__init__()
        self.then_practice, self.drills = then_practice, drills or []
        self.study, self.deck = study, study.deck
        self.sessions, self.practice = sessions, practice
        self.card = None
        self.shown = False
        self.started = time.monotonic()
        self.card_started = time.monotonic()
        self.reviewed = self.again = 0
        self.undo_stack: list[tuple[int, int]] = []
        self.skipped: set[str] = set()
        self.practice_done: set[str] = set()
        self.front: str | None = None
        self.graded_ids: set[str] = set()
        self.total = len(self._ids())

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="review-status")
        with VerticalScroll(id="card"):
            yield Static(id="card-prompt")
            yield Input(placeholder="type the number, then enter", id="numeric-answer")
            yield Static(id="card-answer")
        yield Static(id="summary")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "practice (schedules unchanged)" if self.practice else "review"
        self.next_card()

    def _ids(self) -> list[str]:
        if self.practice:
            return self.deck.practice_ids(self.sessions, self.practice_done)
        return self.deck.queue(sessions=self.sessions)

    def next_card(self) -> None:
        if self.front:
            card_id, self.front = self.front, None
        elif self.practice:
            ids = self.deck.practice_ids(self.sessions, self.practice_done | self.skipped)
            card_id = ids[0] if ids else None
        else:
            card_id = self.deck.next_id(self.skipped, self.sessions)
        self.card = self.deck.get(card_id) if card_id else None
        self.shown = False
        self.card_started = time.monotonic()
        numeric_input = self.query_one("#numeric-answer", Input)
        if self.card is None:
            self.show_summary()
            return
        self.query_one("#card-prompt", Static).update(f"[b]{self.card.id}[/b]\n\n{prompt_text(self.card)}")
        self.query_one("#card-answer", Static).update("")
        is_numeric = bool(self.card.prompt and self.card.prompt.kind == "numeric")
        numeric_input.display = is_numeric
        numeric_input.value = ""
        if is_numeric:
            numeric_input.focus()
        else:
            self.set_focus(None)
        left = len([i for i in self._ids() if i not in self.skipped])
        backlog = self.deck.backlog()
        self.query_one("#review-status", Static).update(
            f"reviewed {self.reviewed} · left {left} · again {self.again}"
            + (f" · backlog {backlog}" if backlog else ""))

    def show_summary(self) -> None:
        if self.then_practice and not self.practice:
            # the revision's second pass: the rest of its sessions' cards, schedules untouched
            self.then_practice, self.practice = False, True
            self.practice_done = set(self.graded_ids)  # "the rest": cards not reviewed in the first pass
            self.sub_title = "practice pass (schedules unchanged)"
            self.notify("Due cards done: now a practice pass over the rest (schedules unchanged)", timeout=6)
            self.next_card()
            return
        self.query_one("#card", VerticalScroll).display = False
        self.query_one("#numeric-answer", Input).display = False
        nxt = self.deck.next_due()
        minutes = (time.monotonic() - self.started) / 60
        from studyxf.srs import drills as drill_srs

        due_drills = [name for name, _ in drill_srs.due(self.study.conn, self.study.day())]
        self.drills = list(dict.fromkeys([*self.drills, *due_drills]))
        self.query_one("#review-status", Static).update("done")
        self.query_one("#summary", Static).update(
            f"[b]Review finished[/b]\n\nreviewed: {self.reviewed}\nagain: {self.again}\n"
            f"time: {minutes:.1f} min\nnext due: {nxt.isoformat() if nxt else 'none'}\n\n"
            + (("Now the drills, from a blank file:\n" + "\n".join(f"  studyxf drill {d}" for d in self.drills)
                + "\n\n") if self.drills else "")
            + "Press escape to go back, q to quit.")

    def action_reveal(self) -> None:
        if self.card is None or self.shown:
            return
        self.shown = True
        self.query_one("#card-answer", Static).update(answer_text(self.card))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.card is None or not event.value.strip():
            return
        quality, want, got = numeric.quality(event.value, self.card.prompt.calc)
        self.action_reveal()
        self.grade(quality, typed=event.value)

    def action_grade(self, quality: int) -> None:
        if self.card is None:
            return
        if not self.shown:  # grading shows the answer first, then commits
            self.action_reveal()
        self.grade(quality)

    def grade(self, quality: int, typed: str | None = None) -> None:
        review_id, due = self.deck.answer(self.card.id, quality, time.monotonic() - self.card_started, typed,
                                          practice=self.practice)
        self.undo_stack.append((review_id, quality))
        self.graded_ids.add(self.card.id)
        self.reviewed += 1
        self.again += quality < 3
        if self.practice:
            self.practice_done.add(self.card.id)
        self.notify(f"{self.card.id}: {quality} → due {due.isoformat() if due else '—'}", timeout=2)
        self.next_card()

    def action_undo(self) -> None:
        if not self.undo_stack:
            self.notify("Nothing to undo")
            return
        review_id, quality = self.undo_stack.pop()
        card_id = self.deck.undo(review_id)
        self.reviewed -= 1
        self.again -= quality < 3
        self.practice_done.discard(card_id)
        self.front = card_id
        self.query_one("#card", VerticalScroll).display = True
        self.query_one("#summary", Static).update("")
        self.next_card()

    def action_skip(self) -> None:
        if self.card:
            self.skipped.add(self.card.id)
            self.next_card()

    def action_suspend(self) -> None:
        if self.card:
            self.deck.suspend(self.card.id)
            self.notify(f"{self.card.id} suspended")
            self.next_card()

    def action_bury(self) -> None:
        if self.card:
            self.deck.bury(self.card.id)
            self.notify(f"{self.card.id} buried until tomorrow")
            self.next_card()
