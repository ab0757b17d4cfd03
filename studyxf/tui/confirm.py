"""A yes/no question before an action that changes the history (completing a session, resetting a
card or the time-box). No is the default: Enter (or a burst of keys meant for a text box the
learner had left) answers No; only `y`, or choosing the Yes button, says yes."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, yes: str = "Yes"):
        super().__init__()
        self.question, self.yes = question, yes

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question)
            with Horizontal(id="confirm-buttons"):
                # No first and focused: Enter presses it, so Enter alone never confirms
                yield Button("No (Enter)", id="confirm-no", variant="primary")
                yield Button(f"{self.yes} (y)", id="confirm-yes", variant="warning")
            yield Static("[b]y[/b]: yes    [b]n[/b], Enter or Esc: no (the default)", classes="dim")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def key_enter(self) -> None:
        """Enter with no button focused (a click elsewhere took the focus) is No too."""
        if not isinstance(self.focused, Button):
            self.dismiss(False)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
