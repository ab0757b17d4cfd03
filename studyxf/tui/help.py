"""The `?` help screen: every key of the screen underneath, with what it does."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class HelpScreen(ModalScreen):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def __init__(self, under):
        super().__init__()
        self.under = under

    def compose(self) -> ComposeResult:
        lines = ["[b]Keys[/b]", ""]
        for binding in [*self.under.BINDINGS, *self.app.BINDINGS]:
            if isinstance(binding, Binding):
                what = binding.description or binding.action
                if binding.tooltip:
                    what += f": {binding.tooltip}"
                lines.append(f"  [b]{binding.key:<14}[/b] {what}")
        lines += ["", "Press escape to close."]
        with VerticalScroll(id="help"):
            yield Static("\n".join(lines))
