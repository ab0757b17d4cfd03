"""The journal keeps what you typed (issue 42): a box given the keys selects nothing (the next key
replaced its text, saved at once), ctrl+z brings the text back, typing is one event per pause, and a box
both machines wrote shows the other machine's text."""

from __future__ import annotations

import asyncio
import json

from studyxf.store import progress
from studyxf.study import open_study


def _journal_events(study) -> list[dict]:
    return [json.loads(b) for (b,) in study.conn.execute("SELECT body FROM events WHERE kind = 'journal' ORDER BY ord")]


def test_a_box_selects_nothing_undo_brings_the_text_back_and_a_pause_is_one_event(home):
    from textual.widgets import TabbedContent

    from studyxf.tui.app import StudyApp
    from studyxf.tui.widgets.journal import JournalLine

    study = open_study()
    session = study.enter_today()
    progress.save_journal(study.conn, session.id, surprised="rope rotates pairs")
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            screen = app.screen
            screen.query_one(TabbedContent).active = "tab-journal"
            await pilot.pause()
            box = screen.query_one("#journal-surprised", JournalLine)
            box.focus()
            await pilot.pause()
            assert box.selection.is_empty and box.cursor_position == len("rope rotates pairs")
            await pilot.press(*" of dims")  # at the end, nothing replaced
            assert box.value == "rope rotates pairs of dims"
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert box.value == "rope rotates pairs"  # the text as it was when the box got the keys
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert box.value == "rope rotates pairs of dims"
            await pilot.press("enter")  # the next box: nothing selected there either
            await pilot.pause()
            second = screen.query_one("#journal-unclear", JournalLine)
            assert screen.focused is second and second.selection.is_empty
            await pilot.press(*"why the base 10000", "enter")
            await pilot.press(*"roformer")
            await pilot.pause()

    asyncio.run(go())
    study = open_study()
    assert progress.journal(study.conn, session.id) == {"surprised": "rope rotates pairs of dims",
                                                         "unclear": "why the base 10000", "read_next": "roformer"}
    # the first save, then one event per box left (a pause), not one per keystroke (40 keys)
    assert [list(e["fields"]) for e in _journal_events(study)] == [["surprised"], ["surprised"], ["unclear"],
                                                                  ["read_next"]]
