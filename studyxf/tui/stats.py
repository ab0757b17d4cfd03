"""The stats screen: forecast and reviews per day as bar charts, retention, streak, drills."""

from __future__ import annotations

from rich.console import Group
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from studyxf.srs import stats


class StatsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, study):
        super().__init__()
        self.study = study

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static(Group(*stats.renderables(stats.compute(self.study))), id="stats")
        yield Footer()
