"""A journal line that keeps what was typed (issue 42): focus puts the cursor at the end and selects
nothing (Textual's Input selected all, so the next key replaced the text), and ctrl+z / ctrl+y undo and
redo one pause's typing at a time (the screen saves an event per pause and calls `settle`)."""

from __future__ import annotations

from textual.binding import Binding
from textual.events import Focus
from textual.widgets import Input


class JournalLine(Input):
    BINDINGS = [Binding("ctrl+z", "undo", "Undo", show=False), Binding("ctrl+y", "redo", "Redo", show=False)]

    def __init__(self, value: str = "", **kwargs):
        super().__init__(value, select_on_focus=False, **kwargs)
        self._settled = value  # the text as of the last pause (or undo): what an undo goes back to
        self._typing = False  # changed since then
        self._undo: list[str] = []
        self._redo: list[str] = []

    def _on_focus(self, event: Focus) -> None:
        super()._on_focus(event)
        self.cursor_position = len(self.value)

    def on_input_changed(self, event: Input.Changed) -> None:  # its own, before the screen sees it
        if event.input is not self or (not self._typing and event.value == self._settled):
            return  # the value an undo or redo set, or the first one
        if not self._typing:
            self._undo.append(self._settled)
            self._redo.clear()
            self._typing = True

    def settle(self) -> None:
        """A pause: the typing so far is one step of undo."""
        self._settled, self._typing = self.value, False

    def _restore(self, text: str) -> None:
        self._settled, self._typing = text, False
        self.value = text
        self.cursor_position = len(text)

    def action_undo(self) -> None:
        if not self._undo:
            return
        self._redo.append(self.value)
        self._restore(self._undo.pop())

    def action_redo(self) -> None:
        if not self._redo:
            return
        self._undo.append(self.value)
        self._restore(self._redo.pop())
