"""The LeetCode time-box panel: elapsed and remaining time, the hint and the editorial as they unlock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from studyxf.store import progress

if TYPE_CHECKING:
    from textual.widgets import Button


def _fmt(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


class TimerPanel(Static):
    def __init__(self, study, session):
        super().__init__(id="timer")
        self.study, self.session = study, session
        self.lc = session.data["leetcode"]

    def compose(self) -> ComposeResult:
        from textual.widgets import Button

        yield Static(id="timer-clock")
        yield Static(id="timer-hint")
        yield Static(id="timer-editorial")
        with Horizontal(id="timer-buttons"):
            yield Button("Start", id="timer-start", variant="success")
            yield Button("Pause", id="timer-pause")
            yield Button("Reset", id="timer-reset", variant="error")

    def on_mount(self) -> None:
        self.refresh_clock()
        self.set_interval(1.0, self.refresh_clock)

    def state(self):
        return progress.timer(self.study.conn, self.session.id)

    def refresh_clock(self) -> None:
        t = self.state()
        elapsed = t.elapsed()
        box = self.lc["timebox_min"] * 60
        hint_at = self.lc.get("hint_after_min", 15) * 60
        editorial_at = self.lc.get("editorial_after_min", self.lc["timebox_min"]) * 60
        status = "running" if t.running else ("paused" if elapsed else "not started")
        remaining = box - elapsed
        # whole seconds elapsed and left add up to the time-box (floor both and 7 s in shows 29:52 left)
        over = "time-box over" if remaining <= 0 else f"{_fmt(box - int(elapsed))} left"
        self.query_one("#timer-clock", Static).update(f"{_fmt(elapsed)} elapsed · {over} · {status}")
        hint = self.lc.get("hint", "think about the data structure")
        for which, at, shown in (("hint", hint_at, f"Hint (unlocked at {hint_at // 60} min): {hint}"),
                                 ("editorial", editorial_at, f"Editorial unlocked: {self.lc['url']}editorial/")):
            line = self.query_one(f"#timer-{which}", Static)
            unlocked = elapsed >= at
            line.update(shown if unlocked else f"{which.capitalize()} unlocks in {_fmt(at - int(elapsed))}")
            line.set_classes("unlocked" if unlocked else "locked")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        action = {"timer-start": self.start, "timer-pause": self.pause, "timer-reset": self.reset}.get(event.button.id)
        if action:
            action()

    def start(self) -> None:
        progress.timer_start(self.study.conn, self.session.id, self.session.id)
        self.refresh_clock()

    def pause(self) -> None:
        progress.timer_pause(self.study.conn, self.session.id)
        self.refresh_clock()

    def reset(self) -> None:
        """Reset forgets the time spent: asked first, No the default."""
        from studyxf.tui.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                progress.timer_reset(self.study.conn, self.session.id)
                self.refresh_clock()
                self.notify("Timer reset")

        self.app.push_screen(ConfirmScreen("Reset the time-box? The time spent on this problem is forgotten.",
                                           yes="Reset"), answered)
