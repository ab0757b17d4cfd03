"""Pick one of a few things (a lab) from a list: enter opens it, escape goes back."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class PickScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "dismiss(None)", "Back")]

    def __init__(self, title: str, choices: list[tuple[str, str]]):
        """choices: (value, label) in the order shown; the first is highlighted."""
        super().__init__()
        self.title_text, self.choices = title, choices

    def compose(self) -> ComposeResult:
        with Vertical(id="picker"):
            yield Static(self.title_text, classes="section-title")
            yield OptionList(*[Option(label, id=value) for value, label in self.choices])
            yield Static("[b]enter[/b]: open    [b]escape[/b]: back", classes="dim")

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)
