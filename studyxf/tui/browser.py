"""The card browser, as Anki's: every card in a table, searched by text, session or state, sorted
by any column (select its header), a card's prompt, answer and review history beside it, and the
actions on it: suspend or bring back, bury, reset, flag, and e to open its session file at the
card's line in $EDITOR (content is data: the card keeps its history when its text changes; a
shipped session is copied into the learner's sessions folder first, and the copy opened)."""

from __future__ import annotations

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static

from studyxf.srs.plain import answer_text
from studyxf.srs.schedulers import Fsrs, Sm2
from studyxf.srs.session import interval_label

# state and due first: at 80 columns a card's id fills the table's width, and what came after it was cut
COLUMNS = [("state", "state"), ("due", "due"), ("card", "id"), ("interval", "interval"), ("ease", "ef"),
           ("reviews", "reviews"), ("lapses", "lapses")]


class BrowserScreen(Screen):
    BINDINGS = [
        Binding("slash", "search", "Search"),
        Binding("exclamation_mark", "suspend", "Suspend/bring back"),
        Binding("b", "bury", "Bury"),
        Binding("R", "reset", "Reset"),
        Binding("f", "flag", "Flag"),
        Binding("e", "edit", "Edit in $EDITOR"),
        Binding("o", "sort", "Sort by the next column", show=False),
        Binding("O", "reverse", "Reverse the order", show=False),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(self, study):
        super().__init__()
        self.study, self.deck = study, study.deck
        self.rows: list[dict] = []
        self.sort_key, self.reverse = "id", False

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder="search: words of the prompt, a session (transformers-1), a state (new, learning, "
                                "review, suspended, buried)", id="browser-search")
        with Horizontal():
            yield DataTable(id="browser-table", cursor_type="row", zebra_stripes=True)
            with VerticalScroll(id="browser-card"):
                yield Static(id="browser-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "card browser"
        table = self.query_one(DataTable)
        for label, key in COLUMNS:
            table.add_column(label, key=key)
        self.reload()
        table.focus()

    def reload(self) -> None:
        counts = self.deck.review_counts()
        reasks = set(self.deck.reasks())
        self.rows = [{"id": c.id, "session": c.session_id, "state": self.deck.state_of(c, reasks),
                      "due": c.due.isoformat() if c.due else "", "interval": c.interval, "ef": c.ef_milli / 1000,
                      "reviews": counts.get(c.id, 0), "lapses": c.lapses,
                      # a mistake card is found by its tag and its drill as well ("mistake attention")
                      "text": ((c.prompt.prompt if c.prompt else "") + (f" mistake {c.origin}" if c.origin else "")
                               ).lower()} for c in self.deck.all_cards()]
        self.fill()

    def matching(self) -> list[dict]:
        words = self.query_one("#browser-search", Input).value.lower().split()
        return [r for r in self.rows if all(w in r["text"] or w in r["id"].lower() or w == r["state"] or
                                            w == r["session"] for w in words)]

    def fill(self) -> None:
        table = self.query_one(DataTable)
        keep = self.current()
        table.clear()
        shown = sorted(self.matching(), key=lambda r: (r[self.sort_key] == "", r[self.sort_key]), reverse=self.reverse)
        for r in shown:
            table.add_row(r["state"], self._due_cell(r["due"]), r["id"],
                          interval_label(r["interval"]) if r["interval"] else "-", f"{r['ef'] * 100:.0f}%",
                          str(r["reviews"]), str(r["lapses"]), key=r["id"])
        if keep and keep in {r["id"] for r in shown}:
            table.move_cursor(row=table.get_row_index(keep))
        label = next(name for name, key in COLUMNS if key == self.sort_key)
        self.sub_title = f"card browser · {len(shown)} of {len(self.rows)} cards · by {label}{' (reversed)' if self.reverse else ''}"
        self.show_detail()

    def _due_cell(self, due: str) -> str:
        """Due as Anki's browser says it ("today", "tomorrow", "in 6 days"); sorting keeps the date."""
        from datetime import date

        from studyxf import clock

        return clock.day_words(date.fromisoformat(due), self.deck.today()) if due else "-"

    def current(self) -> str | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def show_detail(self) -> None:
        card_id = self.current()
        card = self.deck.get(card_id) if card_id else None
        detail = self.query_one("#browser-detail", Static)
        if card is None:
            detail.update("No card matches.")
            return
        # the texts escaped: a mistake card quotes the learner's code, whose brackets are not markup
        lines = [f"[b]{card.id}[/b]", "", escape(card.prompt.prompt) if card.prompt else "(no longer in the curriculum)",
                 *([f"[dim]({escape(card.origin)})[/dim]"] if card.origin else []),
                 "", "[b]Answer[/b]", escape(answer_text(card)), "", "[b]History[/b]"]
        history = self.deck.history(card.id)
        from datetime import date

        from studyxf import clock

        today = self.deck.today()

        def when(day) -> str:  # "Thu 3 Dec (yesterday)": the date and what it is to the study day
            day = date.fromisoformat(str(day)) if day else None
            return f"{clock.short_date(day)} ({clock.day_words(day, today)})" if day else "-"

        note = clock.study_day_note(clock.now(), self.deck.config.rollover_hour)
        if note and history:
            lines.append(f"[dim]{note}[/dim]")
        for h in history:
            extra = " (re-ask)" if h["reask"] else " (practice)" if h["practice"] else ""
            typed = f", typed {h['typed']}" if h["typed"] else ""
            names = (Fsrs if h["scale"] == "fsrs" else Sm2).names
            lines.append(f"{when(h['day'])}: grade {h['grade']} {names[h['grade']]}{' (FSRS)' if h['scale'] == 'fsrs' else ''}"
                         f"{extra}{typed} → interval {interval_label(h['interval'])}, due {when(h['due'])}")
        if not history:
            lines.append("not reviewed yet")
        detail.update("\n".join(lines))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.fill()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one(DataTable).focus()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def on_data_table_header_selected(self, event: DataTable.HeaderSelected) -> None:
        key = event.column_key.value
        self.reverse = not self.reverse if key == self.sort_key else False
        self.sort_key = key
        self.fill()

    def action_sort(self) -> None:
        """o: sorted by the next column (as selecting its header does)."""
        keys = [key for _, key in COLUMNS]
        self.sort_key, self.reverse = keys[(keys.index(self.sort_key) + 1) % len(keys)], False
        self.fill()

    def action_reverse(self) -> None:
        self.reverse = not self.reverse
        self.fill()

    # -- actions -----------------------------------------------------------------------------------
    def _act(self, done: str, action) -> None:
        card_id = self.current()
        if card_id is None:
            return
        action(card_id)
        self.notify(f"{card_id}: {done}")
        self.reload()

    def action_suspend(self) -> None:
        card = self.deck.get(self.current() or "")
        if card is not None:
            self._act("brought back" if card.suspended else "suspended",
                      lambda c: self.deck.suspend(c, not card.suspended))

    def action_bury(self) -> None:
        self._act("buried until tomorrow", self.deck.bury)

    def action_reset(self) -> None:
        """R forgets a card's schedule: asked first, No the default."""
        card_id = self.current()
        if card_id is None:
            return
        from studyxf.tui.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self._act("reset: new again, its history cleared", self.deck.reset)

        self.app.push_screen(ConfirmScreen(f"Reset {card_id}? It becomes new again and its schedule is "
                                           f"forgotten.", yes="Reset"), answered)

    def action_flag(self) -> None:
        self._act("flagged as wrong content", lambda c: self.deck.flag(c, "flagged in the browser"))

    def action_search(self) -> None:
        self.query_one("#browser-search", Input).focus()

    def action_leave(self) -> None:
        search = self.query_one("#browser-search", Input)
        if search.has_focus:
            self.query_one(DataTable).focus()
            return
        self.app.action_back()

    def action_edit(self) -> None:
        card_id = self.current()
        where = self.deck.source_of(card_id) if card_id else None
        if where is None:
            self.notify("This card's session has no file to edit (a generated or removed one)", severity="warning")
            return
        from pathlib import Path

        from studyxf import paths
        from studyxf.content.owncopy import editable
        from studyxf.tui.editor import edit

        path, line = where
        # a shipped file is inside the installed package: an upgrade would lose the edits
        path, copied = editable(Path(path), paths.user_session_dirs(self.study.config.session_dirs))
        failed = edit(self.app, path, line)
        if failed:
            self.notify(failed + (f" ({copied})" if copied else ""), severity="error")
            return
        self.notify((copied + "; " if copied else f"edited {path}: ") +
                    "the text changes on the next start; the card keeps its history", timeout=10)
