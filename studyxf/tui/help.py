"""The `?` help screen: every key of the screen underneath, with what it does, as the footer names it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

# What every screen does without a binding of its own (Textual's focus keys, the text boxes).
GENERAL = [("Tab / Shift+Tab", "move the focus to the next / previous box, list or table"),
           ("Esc", "leave a text box: until then the keys type into it"),
           ("mouse", "click a tab, a row, a column header (sorts the card browser)")]


def key_lines(app, bindings) -> list[tuple[str, str]]:
    """(keys, what) for each binding, its keys as the footer shows them ("?", "!", "/"); the keys of
    one action with a parameter (Tab 1 ... Tab 8) are one line ("1-8")."""
    lines: list[tuple[str, str]] = []
    runs: dict[str, list[str]] = {}
    for binding in bindings:
        if not isinstance(binding, Binding):
            continue
        keys = " / ".join(app.get_key_display(Binding(k.strip(), binding.action)) for k in binding.key.split(","))
        name, _, argument = binding.action.partition("(")
        if argument and argument.rstrip(")").isdigit() and binding.description.split()[-1:] == [argument.rstrip(")")]:
            if name in runs:  # one line for the whole run of numbered keys
                runs[name].append(keys)
                continue
            runs[name] = [keys]
            lines.append((name, binding.description.rsplit(" ", 1)[0] + " N"))
            continue
        what = binding.description or binding.action
        if binding.tooltip:
            what += f": {binding.tooltip}"
        lines.append((keys, what))
    return [(f"{runs[k][0]}-{runs[k][-1]}" if k in runs else k, what) for k, what in lines]


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close"),
                Binding("j,down", "scroll(1)", "Scroll down", show=False),
                Binding("k,up", "scroll(-1)", "Scroll up", show=False),
                Binding("space,pagedown", "scroll(10)", "Page down", show=False)]

    def __init__(self, under):
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        rows = key_lines(self.app, [*self.under.BINDINGS, *self.app.BINDINGS]) + GENERAL
        # a table, so a description that wraps stays in its column (a hanging indent)
        table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
        table.add_column(style="bold", no_wrap=True)
        table.add_column(ratio=1)
        for keys, what in rows:
            table.add_row(keys, what)
        scroll = VerticalScroll(id="help")
        # on the frame, so it shows however far the list is scrolled and whatever the terminal's height
        scroll.border_title = "Keys"
        scroll.border_subtitle = "Esc, q or ? closes · j/k scroll"
        with scroll:
            yield Static(Group(table, Text(""), Text("j / k scroll this list; escape, q or ? close it.")))

    def action_scroll(self, lines: int) -> None:
        scroll = self.query_one("#help", VerticalScroll)
        scroll.scroll_relative(y=lines if abs(lines) < 10 else scroll.size.height - 1, animate=False)
