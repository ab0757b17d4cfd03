"""The drill screen: the task, your file and its latest report; keys to re-grade, edit in $EDITOR
and show the next hint. It re-grades by itself when the file is saved (a warm worker keeps torch
imported, so a re-grade takes a fraction of a second)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Group
from rich.markdown import Markdown
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, ProgressBar, Static

from studyxf.grading.report import renderables
from studyxf.srs import drills as drill_srs


class DrillScreen(Screen):
    BINDINGS = [
        Binding("g", "grade", "Grade"),
        Binding("e", "edit", "Edit in $EDITOR"),
        Binding("h", "hint", "Next hint"),
        Binding("escape", "app.back", "Back"),
    ]

    def __init__(self, study, drill, path: Path, grade=None):
        super().__init__()
        self.study, self.drill, self.path = study, drill, path
        self._grade = grade  # injectable for tests; the warm grader otherwise
        self.grader = None
        self.seen = None
        self.report = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="drill-status")
        with Horizontal():
            with VerticalScroll(id="drill-task"):
                yield Static(Markdown(self.drill.task_text()))
            with VerticalScroll(id="drill-report"):
                yield Static(id="hints")  # the hints asked for so far, above the report they help to read
                yield ProgressBar(total=None, show_eta=False, show_percentage=False, id="grading")
                yield Static("Press g to grade (or save the file: it re-grades by itself).", id="report")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#grading", ProgressBar).display = False
        self.sub_title = f"drill {self.drill.name}"
        self.update_status()
        self.show_hints()
        self.seen = self._stamp()
        self.set_interval(0.5, self.poll_file)

    def _stamp(self):
        try:
            return self.path.stat().st_mtime_ns
        except OSError:
            return None

    def on_unmount(self) -> None:
        if self.grader is not None:
            self.grader.close()

    def update_status(self, note: str = "") -> None:
        last = drill_srs.latest_status(self.study.conn).get(self.drill.name)
        hints = drill_srs.hints_used(self.study.conn, self.drill.name)
        from rich.markup import escape

        # wraps rather than cuts at 80 columns (the tcss lets it take a second line)
        self.query_one("#drill-status", Static).update(
            f"[b]{self.drill.name}[/b] · {escape(str(self.path))} · latest: {last or 'not tried'} · "
            f"hints {hints}/{len(self.drill.hints)}" + (f" · {note}" if note else ""))

    def poll_file(self) -> None:
        stamp = self._stamp()
        if stamp is not None and stamp != self.seen:
            self.seen = stamp
            self.action_grade()

    def action_grade(self) -> None:
        # the first grading pays torch's import (about 2 s): a moving bar says it is under way
        self.query_one("#grading", ProgressBar).display = True
        self.update_status("grading..." if self.grader else "grading... (the first one loads torch, about 2 s)")
        self.run_worker(self._run_grade, thread=True, exclusive=True)

    def _run_grade(self) -> None:
        from studyxf.grading.attempts import grade_and_record  # the CLI's own path: same report, same record

        grade = self._grade
        if grade is None:
            if self.grader is None:
                from studyxf.grading.runner import WarmGrader

                self.grader = WarmGrader()
            grade = self.grader.run
        report, schedule = grade_and_record(self.study, self.drill, self.path,
                                             drill_srs.hints_used(self.study.conn, self.drill.name), grade)
        self.app.call_from_thread(self.show_report, report, schedule)

    def show_report(self, report: dict, schedule: str | None = None) -> None:
        self.query_one("#grading", ProgressBar).display = False
        self.report = report
        parts = renderables(report, "press h for the next hint, e to edit" if report["status"] != "pass"
                            else "esc goes back; today's next drill is under d")
        if report["status"] == "pass":  # as the command line does (and rustlings): the reference, then the engine
            from studyxf.render import WrappedCode

            solution = self.drill.solution_text()
            if solution:
                parts += [Text(""), Text("A reference solution", style="bold"), WrappedCode(solution)]
            if self.drill.data.get("after_pass"):
                parts += [Text(""), Text("What the engine does differently: ", style="bold"),
                          Text(self.drill.data["after_pass"])]
        self.query_one("#report", Static).update(Group(*parts))
        self.update_status()
        if schedule:
            self.notify(schedule, timeout=10)

    def action_hint(self) -> None:
        """The next hint joins the others at the top of the report pane, where it stays."""
        hint = drill_srs.next_hint(self.study.conn, self.drill)
        if hint is None:
            self.notify("No more hints: the reference solution is shown once the drill passes.")
        self.show_hints()
        self.update_status()
        self.query_one("#drill-report", VerticalScroll).scroll_home(animate=False)

    def show_hints(self) -> None:
        shown = drill_srs.shown_hints(self.study.conn, self.drill)
        hints = self.query_one("#hints", Static)
        hints.display = bool(shown)
        hints.update(Group(*[Text.assemble((f"Hint {n}/{len(self.drill.hints)}: ", "bold yellow"), text)
                             for n, text in enumerate(shown, 1)]))

    def action_edit(self) -> None:
        from studyxf.tui.editor import edit

        failed = edit(self.app, self.path)
        if failed:
            self.notify(failed, severity="error")
            return
        self.poll_file()
