"""The Textual application: takes the learner's Study in its constructor, so tests can run it on
a temporary database with Pilot."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.binding import Binding


class StudyApp(App):
    CSS_PATH = Path(__file__).with_name("studyxf.tcss")  # absolute: subclasses may live anywhere
    TITLE = "studyxf"
    BINDINGS = [Binding("q", "quit", "Quit"), Binding("ctrl+q", "quit", "Quit", show=False),
                Binding("question_mark", "help", "Help")]

    def __init__(self, study, session_id: str | None = None, start: str = "today",
                 review_sessions: set[str] | None = None, practice: bool = False, drill=None, drill_path=None,
                 lab: tuple[str, dict] | None = None):
        super().__init__()
        self.drill, self.drill_path, self.lab = drill, drill_path, lab
        self.study = study
        self.session_id = session_id
        self.start = start
        self.review_sessions = review_sessions
        self.practice = practice

    def on_mount(self) -> None:
        if self.start == "lab":
            from studyxf.tui.lab import LabScreen

            self.push_screen(LabScreen(*self.lab))
        elif self.start == "drill":
            from studyxf.tui.drill import DrillScreen

            self.push_screen(DrillScreen(self.study, self.drill, self.drill_path))
        elif self.start == "review":
            from studyxf.tui.review import ReviewScreen

            self.push_screen(ReviewScreen(self.study, self.review_sessions, self.practice))
        else:
            from studyxf.tui.today import TodayScreen

            self.push_screen(TodayScreen(self.study, self.session_id))

    def action_back(self) -> None:
        """Escape: back to the screen underneath, or quit when this screen is the one the command opened."""
        if len(self.screen_stack) > 2:
            self.pop_screen()
        else:
            self.exit()

    def action_help(self) -> None:
        from studyxf.tui.help import HelpScreen

        self.push_screen(HelpScreen(self.screen))
