"""The Textual application: takes the learner's Study in its constructor, so tests can run it on
a temporary database with Pilot."""

from __future__ import annotations

import gc
from pathlib import Path

from textual.app import App
from textual.binding import Binding


def _crash_log(error: Exception, path: Path | None = None):
    """A crash's traceback written to the data directory's logs/, so the learner sees one line; a
    new file, never one written before in the same second (`path`: the crash's own log, where an
    error raised while the app stops after it is added)."""
    import traceback

    from studyxf import clock, paths

    text = "".join(traceback.format_exception(error))
    try:
        if path is not None:
            with path.open("a", encoding="utf-8") as fh:
                fh.write("\nthen, while the app stopped:\n" + text)
            return path
        folder = paths.home() / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        stamp = clock.now().strftime('%Y%m%d-%H%M%S')
        for n in range(1, 100):
            path = folder / f"crash-{stamp}{'' if n == 1 else f'-{n}'}.log"
            try:
                with path.open("x", encoding="utf-8") as fh:
                    fh.write(text)
                return path
            except FileExistsError:
                continue
    except OSError:
        return None
    return None


def _study_commands():
    from studyxf.tui.commands import StudyCommands  # imported when the palette opens, not at start

    return StudyCommands


class StudyApp(App):
    COMMANDS = App.COMMANDS | {_study_commands}
    CSS_PATH = Path(__file__).with_name("studyxf.tcss")  # absolute: subclasses may live anywhere
    TITLE = "studyxf"
    BINDINGS = [Binding("q", "quit", "Quit"), Binding("ctrl+q", "quit", "Quit", show=False),
                Binding("question_mark", "help", "Help")]

    def __init__(self, study, session_id: str | None = None, start: str = "today",
                 review_sessions: set[str] | None = None, practice: bool = False, drill=None, drill_path=None,
                 lab: tuple[str, dict] | None = None, review_cap: int | None = None):
        super().__init__()
        self.first_frame_shown = False
        self.drill, self.drill_path, self.lab = drill, drill_path, lab
        self.study = study
        self.session_id = session_id
        self.start = start
        self.review_sessions = review_sessions
        self.review_cap = review_cap  # a revision's card slot (Deck.slot_left)
        self.practice = practice
        self._crash: Path | None = None  # the log of the crash the app is stopping on

    def _handle_exception(self, error: Exception) -> None:
        """A storage error while the app runs (a full disk under a tick, a lock held too long) ends
        it with the one line the command line prints, exit 2, instead of a traceback."""
        import sqlite3

        from studyxf.errors import StoreError
        from studyxf.store.db import storage_error

        if isinstance(error, (StoreError, sqlite3.Error)):
            err = error if isinstance(error, StoreError) else storage_error(error)
            self.exit(return_code=2, message=f"studyxf: error: {err}")
            return
        if self._crash is not None:  # the app is stopping on a crash already: its log says this too
            _crash_log(error, self._crash)
            return
        log = self._crash = _crash_log(error)
        if log is None:
            super()._handle_exception(error)
            return
        self.exit(return_code=1, message=f"studyxf: error: the app stopped on {type(error).__name__}: "
                                         f"{str(error)[:200]} (the details are in {log})")

    def on_mount(self) -> None:
        theme = getattr(self.study.config, "theme", None)
        if theme and theme in self.available_themes:
            self.theme = theme

    def watch_theme(self, theme: str) -> None:
        """A theme chosen in the palette is kept in config.toml for the next start."""
        if theme != getattr(self.study.config, "theme", None) and self.is_running:
            from studyxf import config

            config.save_theme(theme)

    # -- what the palette and the keys open --------------------------------------------------------
    def open_review(self) -> None:
        from studyxf.tui.review import ReviewScreen

        self.push_screen(ReviewScreen(self.study))

    def open_browser(self) -> None:
        from studyxf.tui.browser import BrowserScreen

        self.push_screen(BrowserScreen(self.study))

    def open_stats(self) -> None:
        from studyxf.tui.stats import StatsScreen

        self.push_screen(StatsScreen(self.study))

    def open_calc(self) -> None:
        from studyxf.tui.calc import CalcScreen

        self.push_screen(CalcScreen())

    def open_lab(self, name: str) -> None:
        from studyxf.tui.lab import LabScreen

        self.push_screen(LabScreen(name, {"seed": 0}))

    def open_drill(self, drill) -> None:
        from studyxf.tui.drill import DrillScreen

        path = drill.workspace_file()
        if not path.exists():
            drill.create_workspace()
        self.push_screen(DrillScreen(self.study, drill, path))

    def run_for_cli(self) -> int:
        """Run, and give the command its exit code (2 after a storage error)."""
        self.run()
        return self.return_code or 0

    def get_default_screen(self):
        """The screen the command opened is the app's base screen (not pushed over a blank one,
        which costs a second screen's layout before the first frame); escape on it quits."""
        if self.start == "lab":
            from studyxf.tui.lab import LabScreen

            return LabScreen(*self.lab)
        if self.start == "drill":
            from studyxf.tui.drill import DrillScreen

            return DrillScreen(self.study, self.drill, self.drill_path)
        if self.start == "review":
            from studyxf.tui.review import ReviewScreen

            return ReviewScreen(self.study, self.review_sessions, self.practice, cap=self.review_cap)
        from studyxf.tui.today import TodayScreen

        return TodayScreen(self.study, self.session_id)

    def on_ready(self) -> None:
        """Textual sends Ready once the first frame is on the terminal (the start-up runs in one
        batch, which is never painted midway): work that can wait for that frame waits for this
        (the today screen's tabs; `today` also keeps the garbage collector off until then)."""
        self.first_frame_shown = True
        gc.enable()
        from studyxf.tui.widgets.textual_fixes import guard_option_list_paging

        guard_option_list_paging()
        after = getattr(self.screen, "after_first_frame", None)
        if after:
            self.screen.call_after_refresh(after)

    def action_back(self) -> None:
        """Escape: back to the screen underneath, or quit when this screen is the one the command opened."""
        if len(self.screen_stack) > 1:
            self.pop_screen()
        else:
            self.exit()

    def action_help(self) -> None:
        from studyxf.tui.help import HelpScreen

        self.push_screen(HelpScreen(self.screen))
