"""The flashcard review, as Anki's: the answer is shown before any grade (a grade key on the
question side only reveals), then each grade shows the interval it would give; a numeric card
takes the typed value (= to type), shows typed against expected with the relative error and
proposes a grade that Enter confirms; u undoes the latest grade, suspension or burial; a summary
at the end. Each action is committed before the next card shows."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from rich.markup import escape
from textual.widgets import Footer, Header, Input, Static

from studyxf.srs import numeric
from studyxf.srs.plain import answer_text, due_words, next_at, nothing_due, prompt_text, reflow, study_day_note
from studyxf.srs.session import Sitting, answer_bar


class ReviewScreen(Screen):
    BINDINGS = [
        Binding("space", "reveal", "Reveal"),
        # the grades' names and intervals are on the answer bar: they depend on the scheduler (SM-2 0-5, FSRS 1-4)
        *[Binding(str(q), f"grade({q})", f"Grade {q}", show=False) for q in range(6)],
        Binding("enter", "confirm", "Confirm", show=False),
        Binding("equals_sign", "type_answer", "Type answer", show=False),
        Binding("u", "undo", "Undo"),
        Binding("s", "skip", "Skip"),
        Binding("exclamation_mark", "suspend", "Suspend"),
        Binding("b", "bury", "Bury"),
        Binding("B", "browse", "Browse", show=False),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, study, sessions: set[str] | None = None, practice: bool = False,
                 then_practice: bool = False, drills: list[str] | None = None, cap: int | None = None):
        super().__init__()
        self.then_practice, self.drills = then_practice, drills or []
        self.study, self.deck = study, study.deck
        self.sessions = sessions
        self.sitting = Sitting(self.deck, practice, cap=cap)  # cap: a revision's card slot, the rest stay due
        self.card = None
        self.shown = False
        self.proposed: tuple[int, str] | None = None  # a typed answer's grade, waiting for Enter
        self.started = time.monotonic()
        self.card_started = time.monotonic()
        self.graded_ids: set[str] = set()

    @property
    def practice(self) -> bool:
        return self.sitting.practice

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="review-status")
        with VerticalScroll(id="card"):
            yield Static(id="card-prompt")
            yield Input(placeholder="the number (units such as GiB allowed); enter to check it", id="numeric-answer")
            yield Static(id="card-answer")
            yield Static(id="feedback")
        yield Static(id="answer-bar")
        yield Static(id="summary")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "practice (schedules unchanged)" if self.practice else "review"
        self.next_card()

    def next_card(self) -> None:
        card_id = self.sitting.next_id(self.sessions)
        self.card = self.deck.get(card_id) if card_id else None
        self.shown, self.proposed = False, None
        self.card_started = time.monotonic()
        box = self.query_one("#numeric-answer", Input)
        box.display, box.value = False, ""
        self.set_focus(None)  # the review keys belong to the screen until the learner asks to type
        for part in ("#card-answer", "#feedback", "#answer-bar"):
            self.query_one(part, Static).update("")
        if self.card is None:
            self.show_summary()
            return
        hint = "\n[dim](press = to type your answer, or space to see it)[/dim]" if self._numeric() else ""
        self.query_one("#card-prompt", Static).update(
            # escaped: a mistake card quotes the learner's code, whose brackets (x[..., 0]) are not markup
            f"[b]{self.card.id}[/b]\n\n"
            f"{escape(prompt_text(self.card).replace('(type =<number> to answer)', '').rstrip())}{hint}")
        self._status()

    def _numeric(self) -> bool:
        return bool(self.card and self.card.prompt and self.card.prompt.kind == "numeric")

    def _status(self) -> None:
        counts = self.deck.counts(self.sessions) if not self.practice else None
        left = (f"new {counts['new']} · learning {counts['learning']} · review {counts['review']}" if counts
                else "practice")
        backlog = self.deck.backlog() if not self.practice else 0
        note = study_day_note(self.deck)
        if note:  # "it is 02:05: still Thu 3 Dec's study day, until 04:00" -> the short form for one line
            note = "study day " + note.split("still ", 1)[1].replace("'s study day,", "")
        self.query_one("#review-status", Static).update(
            f"{left} · reviewed {self.sitting.reviewed} · again {self.sitting.again}"
            + (f" · backlog {backlog}" if backlog else "") + (f" · {note}" if note else ""))

    def show_summary(self) -> None:
        held_back = self.sitting.held_back(self.sessions)
        if self.then_practice and not self.practice and not held_back:
            # the revision's second pass: the rest of its sessions' cards, schedules untouched
            self.then_practice, self.sitting.practice = False, True
            self.sitting.practice_done = set(self.graded_ids)  # "the rest": cards not reviewed in the first pass
            self.sub_title = "practice pass (schedules unchanged)"
            self.notify("Due cards done: now a practice pass over the rest (schedules unchanged)", timeout=6)
            self.next_card()
            return
        self.query_one("#card", VerticalScroll).display = False
        if not self.sitting.shown_any and self.sitting.full:  # a revision day whose card slot is used up
            self.query_one("#review-status", Static).update("slot full")
            self.query_one("#summary", Static).update(
                "[b]This revision's card slot is already full today[/b]: the due cards stay due "
                "(`studyxf review` takes them).\n\nPress escape to go back, q to quit.")
            return
        if not self.sitting.shown_any:  # nothing to review at all: say when there will be
            self.query_one("#review-status", Static).update("nothing due")
            head, _, rest = nothing_due(self.deck, self.sessions).partition(", ")
            self.query_one("#summary", Static).update(
                f"[b]{head[0].upper()}{head[1:]}[/b], {rest}\n\nPress escape to go back, q to quit.")
            return
        nxt = next_at(self.deck, self.sessions)
        minutes = (time.monotonic() - self.started) / 60
        from studyxf.srs import drills as drill_srs

        due_drills = [name for name, _ in drill_srs.due(self.study.conn, self.study.day())]
        self.drills = list(dict.fromkeys([*self.drills, *due_drills]))
        self.query_one("#review-status", Static).update("done")
        from studyxf.srs.plain import slot_full

        self.query_one("#summary", Static).update(
            f"[b]Review finished[/b]\n\nreviewed: {self.sitting.reviewed}\nagain: {self.sitting.again}\n"
            f"time: {minutes:.1f} min\nnext due: {nxt or 'none'}\n\n"
            + (escape(slot_full(self.sitting, self.sessions)[0].upper() + slot_full(self.sitting, self.sessions)[1:])
               + "\n\n" if held_back else "")
            + (("Now the drills, from a blank file:\n" + "\n".join(f"  studyxf drill {d}" for d in self.drills)
                + "\n\n") if self.drills else "")
            + "Press escape to go back, q to quit.")

    # -- the answer side -------------------------------------------------------------------------
    def action_reveal(self) -> None:
        if self.card is None or self.shown:
            return
        self.shown = True
        # the YAML's hard-wrapped lines joined, so the screen's own wrapping is the only one
        self.query_one("#card-answer", Static).update(escape(reflow(answer_text(self.card))))
        self.outcomes = self.deck.outcomes(self.card.id, self.practice)
        self.show_bar()

    def show_bar(self) -> None:
        """The grades and what each would do, on one line that fits the screen's width."""
        bar = self.query_one("#answer-bar", Static)
        width = bar.size.width or self.app.size.width - 4
        reask = self.card.last_day == self.deck.today() and not self.practice
        grades, note = answer_bar(self.deck.scheduler, self.outcomes, width, reask)
        bar.update(f"{grades}\n[dim]{note}[/dim]")

    def on_resize(self) -> None:
        if self.card is not None and self.shown:
            self.call_after_refresh(self.show_bar)

    def action_type_answer(self) -> None:
        if self._numeric() and not self.proposed:
            box = self.query_one("#numeric-answer", Input)
            box.display = True
            box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value.strip().lstrip("=").strip()
        if self.card is None or not typed:
            return
        sched = self.deck.scheduler
        quality, want, got = numeric.quality(typed, self.card.prompt.calc)
        if quality is None:  # a typo is typed again, never graded
            self.query_one("#feedback", Static).update(
                f"[b]'{escape(typed)}' is not a number[/b]: type it again (1.25, 1,073,741,824, 8.8e12; units "
                f"such as GiB, GB, MiB, TFLOP are understood)")
            return
        quality = sched.from_quality(quality)  # the grade agrees with the verdict: outside the tolerance it fails
        self.action_reveal()
        unit = self.card.prompt.calc.get("unit", "")
        verdict = (f"typed [b]{got:.6g}[/b] {unit} · expected [b]{want:.6g}[/b] {unit}\n"
                   f"{numeric.verdict(got, want, self.card.prompt.calc)}")
        self.proposed = (quality, typed)
        self.query_one("#feedback", Static).update(
            f"{verdict}\nproposed grade: [b]{quality} {sched.names[quality]}[/b] ({sched.meaning[quality]}): "
            f"enter commits it, or press {sched.grades[0]}-{sched.grades[-1]} for another")
        event.input.display = False
        self.set_focus(None)

    def action_confirm(self) -> None:
        if self.proposed is not None:
            self.grade(*self.proposed)

    def action_grade(self, quality: int) -> None:
        if self.card is None:
            return
        sched = self.deck.scheduler
        if quality not in sched.grades:
            self.notify(f"{sched.name.upper()} grades are {sched.grades[0]}-{sched.grades[-1]}", severity="warning")
            return
        if not self.shown:  # as in Anki: the answer is seen before any grade
            self.action_reveal()
            self.notify("The answer first: now grade it")
            return
        self.grade(quality, self.proposed[1] if self.proposed else None)

    def grade(self, quality: int, typed: str | None = None) -> None:
        due = self.sitting.grade(self.card.id, quality, time.monotonic() - self.card_started, typed)
        self.graded_ids.add(self.card.id)
        name = self.deck.scheduler.names[quality]
        note = study_day_note(self.deck)
        self.notify(f"{self.card.id}: {quality} {name} → due {due_words(self.deck, due)}"
                    + (f"\n({note})" if note and due else ""), timeout=3)
        self.next_card()

    # -- other actions ---------------------------------------------------------------------------
    def action_undo(self) -> None:
        what = self.sitting.stack[-1] if self.sitting.stack else None
        undone = self.sitting.undo()
        if undone is None:
            self.notify("Nothing to undo")
            return
        self.app.clear_notifications()  # the undone grade's "due ..." toast would still be standing
        said = f"grade {what[2]}" if what[0] == "grade" else {"suspend": "suspension", "bury": "burial"}.get(what[0], what[0])
        self.notify(f"Undone: the {said} of {undone}; it is shown again", timeout=3)
        self.query_one("#card", VerticalScroll).display = True
        self.query_one("#summary", Static).update("")
        self.next_card()

    def action_skip(self) -> None:
        if self.card:
            skipped = self.card.id
            self.sitting.skip(skipped)
            self.next_card()
            self.notify("Skipped: nothing else is left, so here it is again" if self.card and self.card.id == skipped
                        else "Skipped: it comes back after the others", timeout=2)

    def action_suspend(self) -> None:
        if self.card:
            self.sitting.suspend(self.card.id)
            self.notify(f"{self.card.id} suspended (u undoes)")
            self.next_card()

    def action_bury(self) -> None:
        if self.card:
            self.sitting.bury(self.card.id)
            self.notify(f"{self.card.id} buried until tomorrow (u undoes)")
            self.next_card()

    def action_browse(self) -> None:
        self.app.open_browser()

    def on_screen_suspend(self) -> None:
        self._left = True

    def on_screen_resume(self) -> None:
        """Back from the browser: the card may have been suspended, buried or reset there (not on
        the first showing, which Textual also sends as a resume)."""
        if not getattr(self, "_left", False):
            return
        self._left = False
        if self.card is not None:
            if self.deck.state_of(self.deck.get(self.card.id)) not in ("suspended", "buried"):
                self.sitting.front = self.card.id
            self.next_card()

    def action_leave(self) -> None:
        """Escape leaves the answer box first; on the screen itself it goes back."""
        box = self.query_one("#numeric-answer", Input)
        if box.has_focus:
            box.display = False
            self.set_focus(None)
            return
        self.app.action_back()
