"""Work-arounds for Textual bugs a learner can hit, applied once the first frame is up."""

from __future__ import annotations


def guard_option_list_paging() -> None:
    """Textual 8.2's OptionList pages from the line of its highlighted option, which it knows only
    once the list has a size: PageUp/PageDown in the command palette the moment its results
    appear (the list was hidden while a query matched nothing) raised KeyError: 0 and ended the
    app. Paging before the list is laid out now does nothing, as scrolling to the highlight does."""
    from textual.widgets import OptionList

    move_page = OptionList._move_page
    if getattr(move_page, "studyxf_guarded", False):
        return

    def guarded(self, direction):
        if self._options and (self.highlighted or 0) not in self._index_to_line:
            return
        move_page(self, direction)

    guarded.studyxf_guarded = True
    OptionList._move_page = guarded
