"""A checklist that reads without colour: ✓ before a ticked item, · before one still to do (Textual's
SelectionList marks both with the same ▐X▌ and tells them apart by colour alone), and long items
wrapped whole instead of cut with an ellipsis."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList

TICKED, OPEN = " ✓ ", " · "


class TickList(SelectionList):
    DEFAULT_CSS = """
    TickList > .option-list--option { text-wrap: wrap; text-overflow: fold; }
    TickList { text-wrap: wrap; }
    """

    def render_line(self, y: int) -> Strip:
        # OptionList's line, not SelectionList's: that one assumes one line per item (no wrapping)
        line = OptionList.render_line(self, y)
        try:
            index, offset = self._lines[self.scroll_offset.y + y]
            selection = self.get_option_at_index(index)
        except IndexError:
            return line
        underlying = next(iter(line)).style if line.cell_length else self.rich_style
        mark_style = (underlying or Style()) + Style(meta={"option": index})  # a click on the mark ticks it
        if offset == 0:
            ticked = selection.value in self._selected
            mark = Segment(TICKED if ticked else OPEN, mark_style + Style(bold=ticked))
        else:
            mark = Segment(" " * len(TICKED), mark_style)  # a wrapped item's further lines, under its text
        return Strip([mark, Segment(" ", underlying), *line])
