"""The presenter's sections as widgets: text as Rich renderables in one Static each (as `today
--plain` prints them), ticks as SelectionLists, the journal as text boxes, the time-box as its panel."""

from __future__ import annotations

from textual.widgets import Static

from studyxf import render
from studyxf.content import present
from studyxf.store import progress


def text_widget(blocks: list, classes: str = "md") -> Static:
    """Blocks of text in one Static: Textual's Markdown widget builds a widget per block and per
    list item, hundreds for a session, which cost most of a second; Rich keeps the highlighted
    code, the tables and the wrapping."""
    from rich.console import Group

    parts = [r for b in blocks for r in render.block_renderables(b, {}, code_theme="monokai")]
    return Static(Group(*parts), classes=classes)


def section_widgets(section: present.Section, study, session):
    """Widgets for one section, its title first; runs of text blocks share one Static."""
    yield Static(section.title, classes="section-title")
    run: list = []
    for block in section.blocks:
        if isinstance(block, (present.Checks, present.Timebox, present.Journal, present.Notes)):
            if run:
                yield text_widget(run)
                run = []
            yield from _interactive(block, study, session)
        else:
            run.append(block)
    if run:
        yield text_widget(run)


def _interactive(block, study, session):
    if isinstance(block, present.Checks):
        from textual.widgets.selection_list import Selection

        from studyxf.tui.widgets.ticks import TickList

        ticked = progress.checks(study.conn, session.id)[block.kind]
        yield TickList(*[Selection(f"{c.group}: {c.text}" if c.group else c.text, c.index, c.index in ticked)
                                   for c in block.items], id=f"sel-{block.kind}")
    elif isinstance(block, present.Timebox):
        from studyxf.tui.widgets.timer import TimerPanel

        yield Static("Press t to start or pause, on any tab.", classes="md")
        yield TimerPanel(study, session)
    elif isinstance(block, present.Journal):
        from rich.text import Text

        from studyxf.store import events
        from studyxf.tui.widgets.journal import JournalLine

        journal = progress.journal(study.conn, session.id)
        others = progress.journal_others(study.conn, session.id)
        for key, label in zip(progress.JOURNAL_FIELDS, progress.JOURNAL_LABELS):
            yield Static(label, classes="field-label")
            yield JournalLine(journal[key], placeholder=label, id=f"journal-{key}")
            if key in others:  # both machines wrote this box: the text not in it is shown, not lost
                name, text = others[key]
                yield Static(Text(events.printable(f"also written on {name}: {text}"), style="italic"), classes="journal-other",
                             id=f"journal-other-{key}")
    elif isinstance(block, present.Notes):
        from textual.widgets import TextArea

        yield TextArea(progress.notes(study.conn, session.id), id="notes")
        other = progress.notes_other(study.conn, session.id)
        if other:
            from rich.text import Text

            from studyxf.store import events

            yield Static(Text(events.printable(f"also written on {other[0]}: {other[1]}"), style="italic"),
                         classes="journal-other", id="notes-other")
