"""`e` in the card browser: a shipped session is copied into the learner's sessions folder and the
copy opened (the shipped file is inside the installed package, where an upgrade replaces it)."""

import asyncio

from studyxf import paths
from studyxf.study import open_study


def _edit_in_browser(monkeypatch, card: str) -> tuple[list, list]:
    from textual.widgets import DataTable

    from studyxf.tui import editor
    from studyxf.tui.app import StudyApp

    opened, said = [], []

    def fake_editor(app, path, line=None):  # the learner's edit: a word added on the card's line
        opened.append((str(path), line))
        lines = open(path, encoding="utf-8").read().split("\n")
        lines[line - 1] += "  # edited"
        open(path, "w", encoding="utf-8").write("\n".join(lines))
        return None

    monkeypatch.setattr(editor, "edit", fake_editor)
    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(120, 36)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("B")
            await pilot.pause()
            browser = app.screen
            table = browser.query_one(DataTable)
            table.move_cursor(row=table.get_row_index(card))  # rows are keyed by the card's id
            monkeypatch.setattr(browser, "notify", lambda message, **kw: said.append(message))
            await pilot.press("e")
            await pilot.pause()

    asyncio.run(go())
    return opened, said


def test_e_copies_a_shipped_session_into_the_learners_folder_and_edits_the_copy(home, monkeypatch):
    card = "transformers-1/attention-memory-4096"
    shipped = next(paths.shipped_sessions().glob("*-transformers-1.yaml"))
    before = shipped.read_bytes()
    opened, said = _edit_in_browser(monkeypatch, card)
    copy = home / "sessions" / shipped.name
    assert opened == [(str(copy), opened[0][1])] and shipped.read_bytes() == before
    assert "attention-memory-4096" in copy.read_text(encoding="utf-8").split("\n")[opened[0][1] - 1]
    assert "copied the shipped session" in said[0] and str(copy) in said[0]
    # the next start reads the copy, with the edit, and the card keeps its id
    study = open_study()
    assert str(study.curriculum.get("transformers-1").source) == str(copy)
    assert study.deck.source_of(card)[0] == str(copy)
    # and the next `e` opens the copy at once: no second copy, nothing said about copying
    opened, said = _edit_in_browser(monkeypatch, card)
    assert opened[0][0] == str(copy) and "copied" not in said[0]
    assert sorted(p.name for p in copy.parent.iterdir()) == [shipped.name]
