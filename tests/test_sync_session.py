"""A session's evening on two machines (issue 42): `complete --undo` takes back the completion just
made, the LeetCode timer stops with the session and is part of the synced history, and the journal
keeps both texts when both machines wrote one box."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

from studyxf.store import progress
from tests.conftest import ROOT, run_cli
from tests.test_sync import Machine, two  # noqa: F401 (the fixture)

TIMER = """
import sys
from studyxf.study import open_study
from studyxf.store import progress
study = open_study()
progress.timer_start(study.conn, sys.argv[1], sys.argv[1])
"""


def _python(m: Machine, code: str, *args: str, at: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(m.home), STUDYXF_NOW=at, NO_COLOR="1")
    subprocess.run([sys.executable, "-c", code, *args], env=env, check=True, cwd=str(ROOT))


def _at(m: Machine, at: str, *args: str):
    r = run_cli(*args, env={"STUDYXF_HOME": str(m.home), "STUDYXF_NOW": at, "NO_COLOR": "1"})
    assert r.returncode == 0, r.stderr
    return r


def _timer_line(m: Machine, at: str) -> str:
    out = _at(m, at, "today", "--plain", "--session", "transformers-1").stdout
    return next(line for line in out.splitlines() if line.startswith("Timer:"))


def _statuses(m: Machine) -> dict:
    return {s["id"]: s["status"] for s in json.loads(m.run("sessions", "--json").stdout)}


def test_complete_undo_takes_back_the_completion_just_made(two):
    a, _ = two
    a.run("complete")
    assert _statuses(a)["transformers-1"] == "done"
    r = a.run("complete", "--undo")
    assert r.stdout.strip() == "transformers-1: marked not done"  # not transformers-2, today's since
    assert _statuses(a)["transformers-1"] == "today"
    a.run("complete")
    a.run("complete")  # transformers-2 too, in the same (frozen) second
    assert a.run("complete", "--undo").stdout.strip() == "transformers-2: marked not done"
    assert a.run("complete", "--undo").stdout.strip() == "transformers-1: marked not done"
    r = a.run("complete", "--undo", check=False)
    assert r.returncode == 2 and r.stderr.strip() == "studyxf: error: no completed session to take back"


def test_the_timer_stops_with_the_session_and_syncs(two):
    a, b = two
    _python(a, TIMER, "transformers-1", at="2026-11-10T20:00:00")
    _at(a, "2026-11-10T20:12:30", "complete")  # twelve and a half minutes later, the timer forgotten
    later = "2026-11-10T21:00:00"
    line = _timer_line(a, later)
    assert line == "Timer: 12:30 / 30:00 (paused; 12 min 30 s of 30 min)", line
    a.sync()
    b.sync()
    assert _timer_line(b, later) == line  # the other machine's timer as the merged log leaves it
    assert _statuses(b)["transformers-1"] == "done"


JOURNAL = """
import sys
from studyxf.study import open_study
from studyxf.store import progress
study = open_study()
progress.save_journal(study.conn, "transformers-1", surprised=sys.argv[1])
"""


def _others(m: Machine) -> dict:
    import sqlite3

    conn = sqlite3.connect(m.home / "studyxf.sqlite3", isolation_level=None)
    try:
        return progress.journal_others(conn, "transformers-1"), progress.journal(conn, "transformers-1")
    finally:
        conn.close()


def test_a_box_both_machines_wrote_keeps_both_texts(two, monkeypatch):
    a, b = two
    _python(a, JOURNAL, "rope", at="2026-11-10T19:00:00")
    a.sync()
    b.sync()
    _python(a, JOURNAL, "rope rotates pairs", at="2026-11-10T20:00:00")  # both edit the synced text
    _python(b, JOURNAL, "rope is relative", at="2026-11-10T20:05:00")
    for m in (a, b, a):
        m.sync(day="2026-11-10")
    for m in (a, b):  # the later edit in the box, the other one kept and shown
        others, box = _others(m)
        assert box["surprised"] == "rope is relative"
        assert others == {"surprised": ("laptop", "rope rotates pairs")}

    # as the box shows it on the desktop
    from textual.widgets import Static, TabbedContent

    from studyxf.study import open_study
    from studyxf.tui.app import StudyApp

    monkeypatch.setenv("STUDYXF_HOME", str(b.home))
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-10T20:30:00")
    study = open_study()
    app = StudyApp(study, session_id="transformers-1")
    shown = {}

    async def look():
        async with app.run_test(size=(100, 30)) as pilot:
            await app.screen.ready.wait()
            app.screen.query_one(TabbedContent).active = "tab-journal"
            await pilot.pause()
            shown["other"] = str(app.screen.query_one("#journal-other-surprised", Static).render())

    asyncio.run(look())
    study.conn.close()
    assert shown["other"] == "also written on laptop: rope rotates pairs"

    # an edit made on top of both settles the box on both machines
    _python(a, JOURNAL, "rope is relative, by rotating pairs", at="2026-11-10T21:00:00")
    for m in (a, b):
        m.sync(day="2026-11-10")
    for m in (a, b):
        others, box = _others(m)
        assert others == {} and box["surprised"] == "rope is relative, by rotating pairs"


NOTES = """
import sys
from studyxf.study import open_study
from studyxf.store import progress
study = open_study()
progress.save_notes(study.conn, "transformers-1", sys.argv[1])
"""


def test_notes_both_machines_wrote_keep_both_texts(two):
    import sqlite3

    a, b = two
    _python(a, NOTES, "Q K V", at="2026-11-10T19:00:00")
    a.sync()
    b.sync()
    _python(a, NOTES, "Q K V: queries", at="2026-11-10T20:00:00")
    _python(b, NOTES, "Q K V: keys", at="2026-11-10T20:05:00")
    for m in (a, b, a):
        m.sync()
    for m in (a, b):
        conn = sqlite3.connect(m.home / "studyxf.sqlite3", isolation_level=None)
        try:
            assert progress.notes(conn, "transformers-1") == "Q K V: keys"
            assert progress.notes_other(conn, "transformers-1") == ("laptop", "Q K V: queries")
        finally:
            conn.close()
    _python(b, NOTES, "Q K V: queries and keys", at="2026-11-10T21:00:00")  # on top of both
    b.sync()
    a.sync()
    conn = sqlite3.connect(a.home / "studyxf.sqlite3", isolation_level=None)
    try:
        assert progress.notes_other(conn, "transformers-1") is None
    finally:
        conn.close()
