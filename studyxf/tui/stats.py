"""The stats screen: forecast and reviews per day as bar charts, retention, streak, drills, and
SM-2 against FSRS on the learner's own log (computed once the screen is up)."""

from __future__ import annotations

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from studyxf.srs import stats


class StatsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                Binding("n", "numbers", "Numbers")]  # the figures under each picture, on demand

    def __init__(self, study):
        super().__init__()
        self.study = study

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(self._pictures(), id="stats")
            yield Static("Comparing SM-2 and FSRS on your log...", id="compare")
        yield Footer()

    numbers = False

    def _pictures(self) -> Group:
        if not hasattr(self, "_data"):
            self._data, self._trend = stats.compute(self.study), stats.trend(self.study)
        return Group(*stats.renderables(self._data, self._trend, numbers=self.numbers))

    def action_numbers(self) -> None:
        self.numbers = not self.numbers
        self.query_one("#stats", Static).update(self._pictures())

    def on_mount(self) -> None:
        self.call_after_refresh(self.show_compare)

    def show_compare(self) -> None:
        from studyxf.errors import StudyxfError
        from studyxf.srs import compare

        try:
            found = Group(*compare.renderables(compare.compare(self.study)))
        except StudyxfError as exc:  # the fsrs package missing
            found = str(exc)
        self.query_one("#compare", Static).update(found)
