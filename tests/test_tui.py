import asyncio

from studyxf.store import progress
from studyxf.study import open_study


def _run(coro):
    return asyncio.run(coro)


def test_checkboxes_and_journal_survive_a_restart(home):
    from textual.widgets import Input, SelectionList, TabbedContent

    from studyxf.tui.app import StudyApp

    async def first():
        study = open_study()
        s = study.enter_today()
        app = StudyApp(study, session_id=s.id)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            app.screen.query_one(TabbedContent).active = "tab-checklist"
            await pilot.pause()
            sel = app.screen.query_one("#sel-deliverable", SelectionList)
            sel.focus()
            await pilot.press("down", "space")  # tick deliverable 2
            app.screen.query_one(TabbedContent).active = "tab-journal"
            await pilot.pause()
            app.screen.query_one("#journal-surprised", Input).focus()
            await pilot.press(*"rope")
            await pilot.pause()

    _run(first())
    study = open_study()
    assert progress.checks(study.conn, "transformers-1")["deliverable"] == {1}
    assert progress.journal(study.conn, "transformers-1")["surprised"] == "rope"

    async def second():
        from textual.widgets import TabbedContent

        app = StudyApp(study, session_id="transformers-1")
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            app.screen.query_one(TabbedContent).active = "tab-checklist"
            await pilot.pause()
            sel = app.screen.query_one("#sel-deliverable", SelectionList)
            assert sel.selected == [1]

    _run(second())


def test_timer_unlocks_hint_at_15_and_editorial_at_30_and_survives_restart(home, monkeypatch):
    from studyxf.tui.app import StudyApp
    from studyxf.tui.widgets.timer import TimerPanel

    async def go():
        study = open_study()
        s = study.enter_today()
        app = StudyApp(study, session_id=s.id)
        async with app.run_test(size=(80, 24)) as pilot:
            from textual.widgets import TabbedContent

            await app.screen.ready.wait()
            app.screen.query_one(TabbedContent).active = "tab-leetcode"
            await pilot.pause()
            await pilot.press("t")  # start at 20:00
            panel = app.screen.query_one(TimerPanel)
            monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:14:00")
            panel.refresh_clock()
            assert "Hint unlocks in" in str(panel.query_one("#timer-hint").render())
            monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:15:01")
            panel.refresh_clock()
            assert "Hint (unlocked" in str(panel.query_one("#timer-hint").render())
            assert "Editorial unlocks in" in str(panel.query_one("#timer-editorial").render())
            monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:31:00")
            panel.refresh_clock()
            assert "Editorial unlocked" in str(panel.query_one("#timer-editorial").render())
            assert "time-box over" in str(panel.query_one("#timer-clock").render())

    _run(go())
    # the app is gone (as after a crash); the timer kept running as a timestamp
    study = open_study()
    t = progress.timer(study.conn, "transformers-1")
    assert t.running and t.elapsed() == 31 * 60
    progress.timer_pause(study.conn, "transformers-1")
    assert progress.time_logged(study.conn, "transformers-1") == 31 * 60


def test_review_screen_reveal_grade_undo_summary(home):
    from studyxf.tui.app import StudyApp

    async def go():
        study = open_study()
        study.config = study.config.__class__(new_cards_per_day=2)
        study.enter_today()
        app = StudyApp(study, start="review")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            first = screen.card.id
            await pilot.press("5")  # a grade key on the question side only reveals
            assert screen.card.id == first and str(screen.query_one("#card-answer").render()).strip()
            bar = str(screen.query_one("#answer-bar").render())
            # a new card: every grade gives 1 day, and below 4 it comes back today first (80 columns: "*")
            assert "4 Good 1d " in bar and "0 Blank 1d*" in bar and "3 Hard 1d*" in bar
            assert "Nd*: back later today until you score 4 or more" in bar
            await pilot.press("5")
            assert screen.card.id != first
            await pilot.press("u")
            assert screen.card.id == first
            await pilot.press("space", "5", "space", "4")
            await pilot.pause()
            summary = str(screen.query_one("#summary").render())
            assert "reviewed: 2" in summary and "again: 0" in summary

    _run(go())
    study = open_study()
    assert study.conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 2


def test_revision_session_reviews_due_then_practice_pass_then_lists_drills(home, cli):
    from studyxf.tui.app import StudyApp

    for _ in range(3):  # transformers-1, transformers-2 and lesson-21 done: revision-1 is today
        assert cli("complete").returncode == 0

    async def go():
        study = open_study()
        session = study.enter_today()
        assert session.id == "revision-1"
        study.conn.execute("UPDATE cards SET reps = 2, interval = 6, due = '2026-11-29' WHERE id IN "
                           "(SELECT id FROM cards ORDER BY position LIMIT 2)")
        study.conn.execute("UPDATE cards SET reps = 2, interval = 6, due = '2026-12-20' WHERE due IS NULL")
        before = dict(study.conn.execute("SELECT id, due FROM cards"))
        app = StudyApp(study, session_id=session.id)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            await pilot.press("space", "5", "space", "5")  # the two due cards
            assert screen.practice and "practice" in screen.sub_title
            await pilot.press("space", "3", "space", "4")  # practice pass: logged, schedules untouched
            after = dict(study.conn.execute("SELECT id, due FROM cards"))
            changed = [k for k in after if after[k] != before[k]]
            assert len(changed) == 2
            assert study.conn.execute("SELECT COUNT(*) FROM reviews WHERE practice = 1").fetchone()[0] == 2
            await pilot.press("escape")
            await pilot.press("s")
            await pilot.pause()
            assert type(app.screen).__name__ == "StatsScreen" and "Forecast" in app.export_screenshot()

    _run(go())


def _text(renderable) -> str:
    """What a widget's renderable says, as plain text on one line."""
    import io

    from rich.console import Console

    console = Console(width=300, record=True, file=io.StringIO())
    console.print(renderable)
    return " ".join(console.export_text().split())


def test_drill_screen_grades_shows_hints_and_regrades_on_save(home):
    from studyxf.grading import catalogue
    from studyxf.tui.app import StudyApp
    from studyxf.tui.drill import DrillScreen
    from tests.data.submissions import SUBMISSIONS, attn

    drill = catalogue.all_drills()["attention"]
    calls = []

    def fake_grade(d, path):  # the worker is tested elsewhere: here, what the screen does with a report
        calls.append(path.read_text())
        ok = path.read_text() == SUBMISSIONS["attention"]["correct"][0]
        return {"version": 2, "status": "pass" if ok else "fail", "message": None, "drill": d.name,
                "framework": "numpy", "diagnosis": [] if ok else [{"mistake": "no-scale", "message": "scale it"}],
                "tests": [{"name": "case", "status": "pass" if ok else "fail", "message": None if ok else "off",
                           "output": None}]}

    async def go():
        study = open_study()
        study.enter_today()
        path = drill.create_workspace()
        path.write_text(attn(scale=""))
        app = StudyApp(study, start="drill", drill=drill, drill_path=path)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = app.screen
            assert isinstance(screen, DrillScreen)
            import threading

            release = threading.Event()

            def held_grade(d, path):  # the grader still working while the screen is looked at
                release.wait(5)
                return fake_grade(d, path)

            screen._grade = held_grade
            await pilot.press("g")
            assert screen.query_one("#grading").display  # a moving bar while the grader works
            release.set()
            screen._grade = fake_grade
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.report["status"] == "fail" and "no-scale" in app.export_screenshot()
            assert not screen.query_one("#grading").display
            await pilot.press("h")
            await pilot.pause()
            assert "hints 1/" in str(screen.query_one("#drill-status").render())
            # the hint stays in the report pane, above the report (not a toast that vanishes); the one
            # about the scale first, the cause the report named (issue 44)
            assert f"Hint 1/{len(drill.hints)}: {drill.hints[1]}" in _text(screen.query_one("#hints").content)
            path.write_text(SUBMISSIONS["attention"]["correct"][0])
            import os
            os.utime(path, ns=(1, 10 ** 18))
            screen.poll_file()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert screen.report["status"] == "pass" and len(calls) == 2
            assert "A reference solution" in _text(screen.query_one("#report").content)  # as the command line shows

    _run(go())
    study = open_study()
    assert [r[0] for r in study.conn.execute("SELECT status FROM drill_attempts ORDER BY id")] == ["fail", "pass"]


def test_complete_opens_the_next_session_and_escape_goes_back_then_q_quits(home):
    """The command's screen is the app's base screen: `c` replaces it with the next session (tabs
    built), a pushed screen goes back to it on escape, and q quits with 0."""
    from textual.widgets import TabbedContent

    from studyxf.tui.app import StudyApp
    from studyxf.tui.stats import StatsScreen
    from studyxf.tui.today import TodayScreen

    async def go():
        study = open_study()
        s = study.enter_today()
        app = StudyApp(study, session_id=s.id)
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            assert app.screen.query_one(TabbedContent)  # the tabs came after the first frame
            await pilot.press("c")  # asks first: n keeps the session
            await pilot.pause()
            await pilot.press("n")
            await pilot.pause()
            assert app.screen.session.id == "transformers-1"
            await pilot.press("c")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, TodayScreen) and screen.session.id == "transformers-2"
            await screen.ready.wait()
            assert screen.query_one(TabbedContent) and len(app.screen_stack) == 1
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, StatsScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen
            await pilot.press("q")
            await pilot.pause()
        return app.return_code

    assert _run(go()) == 0
    assert "transformers-1" in progress.completed(open_study().conn)


def test_a_storage_error_inside_the_app_ends_it_with_one_line_and_exit_2(home):
    import sqlite3

    from studyxf.tui.app import StudyApp

    study = open_study()
    study.enter_today()
    app = StudyApp(study)
    said = []
    exit_ = app.exit
    app.exit = lambda result=None, return_code=0, message=None: (said.append(message), exit_(result, return_code))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app._handle_exception(sqlite3.OperationalError("database or disk is full"))
            await pilot.pause()

    _run(go())
    assert app.return_code == 2
    assert said and said[0].startswith("studyxf: error: ") and "no space left" in said[0]


def _review_of_one(card_id):
    """A review screen that opens on this card: every other card is out of today's queue (buried)."""
    from studyxf.tui.app import StudyApp

    study = open_study()
    study.enter_today()
    study.conn.execute("UPDATE cards SET buried_until = '2099-01-01' WHERE id != ?", (card_id,))
    return study, StudyApp(study, start="review")


def test_a_numeric_card_takes_its_value_shows_typed_against_expected_and_commits_the_confirmed_grade(home):
    from textual.widgets import Input

    card = "transformers-1/attention-memory-4096"  # 1.0 GiB
    study, app = _review_of_one(card)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert screen.card.id == card and not screen.query_one("#numeric-answer", Input).has_focus
            await pilot.press("equals_sign")
            await pilot.press(*"=1.0", "enter")  # a leading = is the plain protocol's habit: accepted
            feedback = str(screen.query_one("#feedback").render())
            assert "typed 1 GiB" in feedback and "expected 1 GiB" in feedback and "0.00%" in feedback
            assert "proposed grade: 5" in feedback and screen.card.id == card  # nothing committed yet
            await pilot.press("enter")
            await pilot.pause()

    _run(go())
    grade, typed = study.conn.execute("SELECT grade, typed FROM reviews WHERE card_id = ?", (card,)).fetchone()
    assert (grade, typed) == (5, "1.0")


def test_a_typo_in_a_typed_value_is_said_and_typed_again_not_graded(home):
    from textual.widgets import Input

    card = "transformers-1/attention-memory-4096"  # 1.0 GiB
    study, app = _review_of_one(card)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("equals_sign", *"1.O", "enter")
            box = app.screen.query_one("#numeric-answer", Input)
            assert "'1.O' is not a number" in str(app.screen.query_one("#feedback").render())
            assert box.display and box.has_focus and app.screen.proposed is None
            await pilot.press("enter")  # nothing to confirm: still nothing committed
            box.value = ""
            await pilot.press(*"1", "enter", "enter")
            await pilot.pause()

    _run(go())
    assert study.conn.execute("SELECT grade, typed FROM reviews").fetchall() == [(5, "1")]


def test_a_wrong_typed_value_is_shown_and_another_grade_can_be_chosen(home):
    card = "transformers-1/attention-memory-4096"  # 1.0 GiB
    study, app = _review_of_one(card)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("equals_sign", *"64", "enter")
            feedback = str(app.screen.query_one("#feedback").render())
            assert "expected 1 GiB" in feedback and "proposed grade: 1" in feedback
            await pilot.press("2")
            await pilot.pause()

    _run(go())
    assert study.conn.execute("SELECT grade, typed FROM reviews").fetchall() == [(2, "64")]


def test_review_keys_reach_the_screen_on_a_numeric_card_and_undo_takes_back_suspend_and_bury(home):
    card = "transformers-1/attention-memory-4096"  # 1.0 GiB
    study, app = _review_of_one(card)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.press("exclamation_mark")
            assert study.deck.get(card).suspended
            await pilot.press("u")
            assert not study.deck.get(card).suspended and app.screen.card.id == card
            assert [n.message for n in app._notifications] == [f"Undone: the suspension of {card}; it is shown again"]
            await pilot.press("b")
            assert study.deck.state_of(study.deck.get(card)) == "buried"
            await pilot.press("u")
            assert study.deck.state_of(study.deck.get(card)) == "new"

    _run(go())
    assert study.conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 0


def _overview_text(app) -> str:
    return " ".join(getattr(t, "plain", "") for v in app.screen.query(".overview-text")
                    for t in getattr(v.content, "renderables", []))


def test_the_overview_counts_again_after_a_review(home):
    from studyxf.tui.app import StudyApp

    study = open_study()
    study.config = study.config.__class__(new_cards_per_day=1)
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await app.screen.ready.wait()
            text = _overview_text(app)
            assert "1 card(s) due" in text
            await pilot.press("r")
            await pilot.pause()
            await pilot.press("space", "5")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
            text = _overview_text(app)
            assert "card(s) due" not in text and "Why this session matters" in text

    _run(go())


def test_the_card_browser_searches_sorts_shows_history_and_acts(home):
    from textual.widgets import DataTable

    from studyxf.tui.app import StudyApp

    study = open_study()
    session = study.enter_today()
    card = "transformers-1/attention-memory-4096"
    study.deck.answer(card, 2)
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await app.screen.ready.wait()
            await pilot.press("B")
            await pilot.pause()
            browser = app.screen
            table = browser.query_one(DataTable)
            total = table.row_count
            assert total == len(study.deck.all_cards())
            await pilot.press("slash", *"memory")
            await pilot.pause()
            assert 0 < table.row_count < total and all("memory" in r["id"] or "memory" in r["text"]
                                                       for r in browser.matching())
            await pilot.press("escape")  # leaves the search box, not the screen
            browser.query_one("#browser-search").value = "learning"
            await pilot.pause()
            assert [browser.current()] == [card]
            detail = str(browser.query_one("#browser-detail").render())
            assert "grade 2" in detail and "interval 1d" in detail
            await pilot.press("exclamation_mark")
            assert study.deck.get(card).suspended
            browser.query_one("#browser-search").value = ""
            await pilot.pause()
            browser.on_data_table_header_selected(type("E", (), {"column_key": type("K", (), {"value": "reviews"})()})())
            browser.on_data_table_header_selected(type("E", (), {"column_key": type("K", (), {"value": "reviews"})()})())
            await pilot.pause()
            assert table.get_row_at(0)[2] == card  # sorted by reviews, most first: the only reviewed card
            # the keyboard sorts too: o the next column (lapses, after reviews), O reverses; state and due first
            await pilot.press("o", "O")
            await pilot.pause()
            assert (browser.sort_key, browser.reverse) == ("lapses", True) and "by lapses (reversed)" in browser.sub_title
            assert [c.label.plain for c in table.ordered_columns][:3] == ["state", "due", "card"]
            await pilot.press("escape")
            assert type(app.screen).__name__ == "TodayScreen"

    _run(go())
    path, line = study.deck.source_of(card)
    assert path.endswith("transformers-1.yaml") and "attention-memory-4096" in open(path).read().splitlines()[line - 1]


def test_the_time_box_shows_in_the_header_on_every_tab_rings_once_and_stops_itself(home, monkeypatch):
    from studyxf.store import progress
    from studyxf.tui.app import StudyApp

    monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:00:00")
    study = open_study()
    session = study.enter_today()
    progress.timer_start(study.conn, session.id, session.id)
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:16:05")  # relaunched 16 minutes later
    app = StudyApp(study, session_id=session.id)
    rang = []
    app.bell = lambda: rang.append(1)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await app.screen.ready.wait()
            app.screen.tick_timebox()
            assert app.screen.sub_title.startswith("16:05 / 30:00")  # on the Overview tab
            app.screen.tick_timebox()
            assert len(rang) == 1  # the hint, once

    _run(go())
    assert progress.timer_seen(study.conn, session.id) == {"hint": True, "editorial": False}
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T23:00:00")  # forgotten: three hours later
    state = progress.timer_settle(study.conn, session.id, 30 * 60)
    assert not state.running and state.elapsed() == 30 * 60


def test_today_plain_shows_the_time_box(home, cli):
    from studyxf.store import progress

    study = open_study()
    session = study.enter_today()
    progress.timer_start(study.conn, session.id, session.id)
    res = cli("today", "--plain", env={"STUDYXF_NOW": "2026-11-29T20:12:03"})
    assert "Timer: 12:03 / 30:00 (running" in res.stdout
    res = cli("today", "--plain", env={"STUDYXF_NOW": "2026-11-29T23:00:00"})
    assert "Timer: 30:00 / 30:00 (stopped by itself at twice the time-box" in res.stdout


def test_today_keys_scroll_the_overview_at_launch_jump_to_tabs_and_leave_text_boxes(home):
    from textual.widgets import TabbedContent, TextArea

    from studyxf.tui.app import StudyApp

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.screen.ready.wait()
            await pilot.pause()
            screen = app.screen
            scroll = screen._pane_scroll()
            assert scroll is not None and scroll.has_focus
            await pilot.press("pagedown")
            await pilot.pause()
            assert scroll.scroll_y > 0
            await pilot.press("j", "k", "space")
            tabs = screen.query_one(TabbedContent)
            ids = [p.id for p in tabs.query("TabPane")]
            await pilot.press("4")
            await pilot.pause()
            assert tabs.active == ids[3] == "tab-leetcode"
            await pilot.press(str(ids.index("tab-journal") + 1))
            await pilot.pause()
            screen.query_one("#notes", TextArea).focus()
            await pilot.press("l")  # typed into the notes, not a tab switch
            assert tabs.active == "tab-journal"
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(screen.focused, TextArea)
            await pilot.press("right")
            await pilot.pause()
            assert tabs.active != "tab-journal"

    _run(go())


def test_typing_on_the_journal_tab_goes_into_the_journal_not_to_the_shortcuts(home):
    """7 opens the journal with its first line taking the keys: "the timer" is text, not t (timer),
    h (previous tab) or s (stats); Enter goes to the next line; Esc (then shown in the footer) gives
    the keys back."""
    from textual.widgets import Input, TabbedContent

    from studyxf.tui.app import StudyApp

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            screen = app.screen
            await pilot.press("7")
            await pilot.pause()
            await pilot.pause()
            assert screen.query_one(TabbedContent).active == "tab-journal"
            first = screen.query(Input).first()
            assert screen.focused is first
            assert "leave_text" in {b.action for _, b, enabled, _ in screen.active_bindings.values() if enabled}
            await pilot.press(*"the hits", "enter", *"so")
            await pilot.pause()
            assert screen.query_one(TabbedContent).active == "tab-journal"
            assert type(app.screen).__name__ == "TodayScreen"
            assert not progress.timer(study.conn, session.id).running
            boxes = list(screen.query(Input))
            assert (boxes[0].value, boxes[1].value, screen.focused) == ("the hits", "so", boxes[1])
            await pilot.press("escape", "8")
            await pilot.pause()
            assert screen.query_one(TabbedContent).active == "tab-next"

    _run(go())
    assert list(progress.journal(open_study().conn, session.id).values())[:2] == ["the hits", "so"]


def test_each_tab_keeps_its_number_in_every_session_and_help_names_the_keys_as_typed(home):
    """A session without a LeetCode problem still has tab 4, saying so; ? lists "1-8", "?", "!",
    and the focus keys, and j scrolls it."""
    import io

    from rich.console import Console
    from textual.widgets import Static, TabbedContent

    from studyxf.tui.app import StudyApp

    study = open_study()
    session = next(s for s in study.curriculum.sessions if not s.data.get("leetcode") and not s.outline)
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await app.screen.ready.wait()
            tabs = app.screen.query_one(TabbedContent)
            assert [p.id for p in tabs.query("TabPane")] == [f"tab-{k}" for k in (
                "overview", "deep", "readings", "leetcode", "hands", "checklist", "journal", "next")]
            await pilot.press("4")
            await pilot.pause()
            console = Console(width=100, record=True, file=io.StringIO())
            for widget in app.screen.query("#lazy-leetcode Static").results(Static):
                console.print(widget.content)
            assert "no LeetCode problem" in console.export_text()
            await pilot.press("question_mark")
            await pilot.pause()
            shown = _text(app.screen.query_one("#help Static", Static).content)
            for line in ("1-8", "Go to tab N", "Tab / Shift+Tab", "Esc"):
                assert line in shown
            assert "question_mark" not in shown and "Tab 1" not in shown
            await pilot.press("j")

    _run(go())


def test_the_palette_finds_the_apps_commands_and_the_theme_is_kept(home):
    from studyxf import config
    from studyxf.tui.app import StudyApp
    from studyxf.tui.commands import StudyCommands

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await app.screen.ready.wait()
            provider = StudyCommands(app.screen)
            await provider.startup()  # what the palette does when it opens
            titles = [str(hit.text) for hit in [h async for h in provider.search("review")]]
            assert any("Review the cards due" in t for t in titles)
            drills = [h async for h in provider.search("drill attention")]
            assert drills
            found = [h async for h in provider.search("review")]
            found[0].command()
            await pilot.pause()
            assert type(app.screen).__name__ == "ReviewScreen"
            app.theme = "nord"
            await pilot.pause()

    _run(go())
    assert config.load().theme == "nord"
    again = StudyApp(open_study(), session_id=session.id)

    async def check():
        async with again.run_test(size=(100, 30)):
            assert again.theme == "nord"

    _run(check())


def test_a_crash_in_the_app_is_one_line_with_the_log_and_exit_1(home):
    from studyxf.tui.app import StudyApp

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)
    said = []
    exit_ = app.exit
    app.exit = lambda result=None, return_code=0, message=None: (said.append(message), exit_(result, return_code))

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            try:
                raise RuntimeError("boom")
            except RuntimeError as exc:
                app._handle_exception(exc)
            await pilot.pause()

    _run(go())
    assert app.return_code == 1 and said and "RuntimeError: boom" in said[0] and "crash-" in said[0]
    log = next((home / "logs").glob("crash-*.log"))
    assert "RuntimeError: boom" in log.read_text() and "Traceback" in log.read_text()


def test_two_crashes_in_one_second_keep_both_logs(home):
    # the clock is frozen in the tests, as two crashes of one second see it: neither log replaces the other
    from studyxf.tui.app import _crash_log

    logs = []
    for text in ("first", "second"):
        try:
            raise RuntimeError(text)
        except RuntimeError as exc:
            logs.append(_crash_log(exc))
    assert logs[0] != logs[1]
    assert "RuntimeError: first" in logs[0].read_text() and "RuntimeError: second" in logs[1].read_text()


def test_paging_the_palette_as_its_first_results_appear_does_not_end_the_app(home):
    """Textual's OptionList raised KeyError: 0 on PageDown while the command list had no size yet
    (its results arriving after a query that matched nothing): the app crashed on key-mashing."""
    from textual.command import CommandList

    from studyxf.tui.app import StudyApp

    study = open_study()
    app = StudyApp(study, session_id=study.enter_today().id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("ctrl+p", *"dr")
            await pilot.pause(0.5)
            palette = app.screen
            commands = palette.query_one(CommandList)
            found = list(commands._options)
            assert found
            palette._refresh_command_list(commands, [], True)  # a query that matches nothing
            await pilot.pause(0.3)
            palette._refresh_command_list(commands, found, True)  # its results, not yet laid out
            palette._action_command_list("page_down")
            await pilot.pause()
            await pilot.press("pagedown", "pageup")
            assert app.is_running
            assert commands.highlighted is not None

    _run(go())
    assert app._exception is None


def test_the_screen_and_plain_text_show_the_same_sections_in_the_same_words(home, cli):
    """One presenter: every section the plain text prints is a section of a tab on the screen, in
    the same order, and a correction is worded the same in both."""
    import io

    from rich.console import Console
    from textual.widgets import Static, TabbedContent

    from studyxf.content import present
    from studyxf.tui.app import StudyApp

    study = open_study()
    session = study.enter_today()
    tabs = present.tabs(session)
    plain = cli("today", "--plain").stdout
    plain_flat = " ".join(plain.split())
    expected = [section.title for tab in tabs for section in tab.sections]
    positions = [plain.index(f"\n{title}\n") for title in expected]
    assert positions == sorted(positions)
    for c in session.data["corrections"]:
        text = present.correction(c).text
        assert " ".join(text.split()) in plain_flat
    app = StudyApp(study, session_id=session.id)
    shown = []

    async def go():
        async with app.run_test(size=(120, 40)) as pilot:
            await app.screen.ready.wait()
            widget = app.screen.query_one(TabbedContent)
            for tab in tabs[1:]:
                widget.active = f"tab-{tab.key}"
                await pilot.pause()
                shown.extend(str(w.content) for w in app.screen.query(f"#lazy-{tab.key} .section-title").results(Static))
            console = Console(width=200, record=True, file=io.StringIO())
            console.print(app.screen.query_one(".overview-text", Static).content)
            overview = console.export_text()
            assert all(s.title in overview for s in tabs[0].sections)
            assert " ".join(present.correction(session.data["corrections"][0]).text.split()) in " ".join(
                overview.split())

    _run(go())
    assert shown == [section.title for tab in tabs[1:] for section in tab.sections]


def test_l_picks_a_lab_with_this_sessions_first(home):
    from studyxf.tui.app import StudyApp
    from studyxf.tui.picker import PickScreen

    study = open_study()
    app = StudyApp(study, session_id=study.enter_today().id)
    opened = []

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            app.open_lab = opened.append  # the lab screen itself imports torch: what matters is the choice
            await pilot.press("L")
            await pilot.pause()
            assert isinstance(app.screen, PickScreen)
            assert [value for value, _ in app.screen.choices][0] == "scaling"  # transformers-1's lab
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, PickScreen) and opened == []
            await pilot.press("L", "down", "enter")
            await pilot.pause()

    _run(go())
    assert opened == ["heatmap"]


def test_a_long_reading_is_wrapped_whole_in_the_list_at_80_columns_and_ticks_read_without_colour(home):
    """A reading longer than the list's width is wrapped, not cut: its URL is on the screen whole;
    ticked items show ✓ and the others ·, so a monochrome terminal tells them apart."""
    from studyxf.tui.app import StudyApp
    from studyxf.tui.widgets.ticks import TickList

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("3")
            await pilot.pause()
            readings = app.screen.query_one("#lazy-readings TickList", TickList)
            long = next(i for i in range(readings.option_count) if "https://" in str(readings.get_option_at_index(i).prompt)
                        and len(str(readings.get_option_at_index(i).prompt)) > 80)
            readings.highlighted = long
            await pilot.pause()
            await pilot.press("space")  # ticks the highlighted reading
            await pilot.pause()
            top = readings.scroll_offset.y
            mine = [y - top for y, (index, _) in enumerate(readings._lines) if index == long]
            assert len(mine) >= 2  # wrapped onto more than one line
            shown = [readings.render_line(y).text for y in mine]
            url = str(readings.get_option_at_index(long).prompt).split("<")[-1].rstrip(">")
            assert url in "".join(line[4:].strip() for line in shown)
            assert shown[0].lstrip().startswith("✓")
            others = [readings.render_line(y).text for y in range(readings.size.height)
                      if readings._lines[top + y][1] == 0 and readings._lines[top + y][0] != long
                      if top + y < len(readings._lines)]
            assert others and all(line.lstrip().startswith("·") for line in others)

    _run(go())


def test_the_time_box_panel_says_time_left_that_adds_up_with_time_elapsed(home, monkeypatch):
    """7.9 s in: 00:07 elapsed and 29:53 left (30:00 together), not 29:52."""
    from studyxf.tui.app import StudyApp
    from studyxf.tui.widgets.timer import TimerPanel

    monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:00:00")
    study = open_study()
    session = study.enter_today()
    progress.timer_start(study.conn, session.id, session.id)
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-29T20:00:07.900")
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("4")
            await pilot.pause()
            clock = str(app.screen.query_one(TimerPanel).query_one("#timer-clock").content)
            assert clock.startswith("00:07 elapsed · 29:53 left")

    _run(go())


def test_the_first_frames_header_line_is_the_header_the_tabs_bring(home, monkeypatch):
    """The first frame draws the header as a line of text (Header's four widgets cost 6 ms of it); the
    real Header replaces it with the tabs: the same characters on the same background, at any width
    (a long title cut with an ellipsis alike)."""
    from textual.widgets import Header

    from studyxf.tui import today
    from studyxf.tui.app import StudyApp

    async def first_line(width: int, first_frame: bool):
        study = open_study()
        s = study.enter_today()
        app = StudyApp(study, session_id=s.id)
        async with app.run_test(size=(width, 24)) as pilot:
            if first_frame:
                await pilot.pause()
                assert not app.screen.query(Header) and app.screen.query("#header-line")
            else:
                await app.screen.ready.wait()
                await pilot.pause()
                assert app.screen.query(Header) and not app.screen.query("#header-line")
                # under load the tabs' layout may settle a frame later (a scroll bar's two columns
                # narrowed the title once, beside a second suite): the line once two frames agree
                for _ in range(20):
                    before = app.screen._compositor.render_strips()[0].text
                    await pilot.pause(0.05)
                    if app.screen._compositor.render_strips()[0].text == before:
                        break
            strip = app.screen._compositor.render_strips()[0]
            return strip.text, [seg.style.bgcolor for seg in strip for _ in seg.text]

    for width in (100, 80, 41):  # at 41 the title does not fit
        with monkeypatch.context() as patch:  # the tabs (and the real Header) never come
            patch.setattr(today.TodayScreen, "after_first_frame", lambda self: None)
            line, backgrounds = _run(first_line(width, True))
        real, real_backgrounds = _run(first_line(width, False))
        assert "⭘" in line and "studyxf" in line
        assert line[:-2] == real[:-2]  # the last two columns: the first frame's scroll bar
        assert backgrounds[:-2] == real_backgrounds[:-2]
    assert "…" in line


def test_tab_past_the_last_journal_box_then_cat_enter_completes_nothing_and_says_keys_are_commands(home):
    """Leaving the journal's boxes with Tab is said above the footer ("keys are commands now"); the
    word typed then opens the complete dialog with c, but its Enter answers No (the default): the
    session is not completed. Only y completes."""
    from textual.widgets import Input, TabbedContent, TextArea

    from studyxf.tui.app import StudyApp
    from studyxf.tui.confirm import ConfirmScreen

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            screen = app.screen
            await pilot.press("7")
            await pilot.pause()
            await pilot.pause()
            mode = screen.query_one("#keys-mode")
            assert mode.display and "typing" in _text(mode.content)
            boxes = len(screen.query("#lazy-journal Input, #lazy-journal TextArea"))
            for _ in range(boxes):
                await pilot.press("tab")
                await pilot.pause()
            assert not isinstance(screen.focused, (Input, TextArea))
            assert mode.display and "keys are commands now" in _text(mode.content)
            await pilot.press(*"cat")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen and screen.session.id == session.id
            assert screen.query_one(TabbedContent).active == "tab-journal"
            assert session.id not in progress.completed(study.conn)
            await pilot.press("c")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            await pilot.pause()
            assert session.id in progress.completed(study.conn)

    _run(go())


def test_resetting_a_card_in_the_browser_asks_and_enter_keeps_it(home):
    from studyxf.tui.app import StudyApp
    from studyxf.tui.confirm import ConfirmScreen

    study = open_study()
    study.enter_today()
    first = study.deck.queue()[0]
    study.deck.answer(first, 4)
    app = StudyApp(study, session_id="transformers-1")

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("B")
            await pilot.pause()
            browser = app.screen
            browser.query_one("DataTable").move_cursor(row=browser.query_one("DataTable").get_row_index(first))
            await pilot.press("R")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert study.deck.get(first).repetitions == 1
            await pilot.press("R")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert study.deck.get(first).repetitions == 0

    _run(go())


def test_past_midnight_the_review_says_due_tomorrow_names_the_study_day_and_u_says_undone(home, monkeypatch):
    """At 02:05 the study day is still yesterday's (rollover 04:00): a new card graded Good is due
    "tomorrow", the calendar's today, and the toast and the status line name the study day; u
    replaces the grade's toast with one that says it was undone."""
    monkeypatch.setenv("STUDYXF_NOW", "2026-12-04T02:05:00")
    from studyxf.tui.app import StudyApp

    study = open_study()
    study.enter_today()
    app = StudyApp(study, start="review")

    def toasts() -> list[str]:
        return [n.message for n in app._notifications]

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            first = screen.card.id
            assert "study day Thu 3 Dec until 04:00" in " ".join(str(screen.query_one("#review-status").render()).split())
            await pilot.press("space", "4")
            await pilot.pause()
            said = toasts()[-1]
            assert f"{first}: 4 Good → due tomorrow (Fri 4 Dec, 1d)" in said and "still Thu 3 Dec's study day" in said
            assert "2026-12-04" not in said
            await pilot.press("u")
            await pilot.pause()
            assert toasts() == [f"Undone: the grade 4 of {first}; it is shown again"]
            assert screen.card.id == first

    _run(go())


def test_review_plain_keeps_its_machine_lines_and_says_dates_in_words_for_people(home, cli):
    res = cli("review", "--plain", input="\n4\nq\n", env={"STUDYXF_NOW": "2026-12-04T02:05:00"})
    lines = res.stdout.splitlines()
    assert lines[0].startswith("Q ")
    grade = lines.index("= 4 due 2026-12-04")
    assert lines[grade + 1:grade + 3] == ["# due tomorrow (Fri 4 Dec, 1d)",
                                          "# (it is 02:05: still Thu 3 Dec's study day, until 04:00)"]
    assert lines[-1].startswith("summary reviewed=1 again=0 next=")


def test_the_hands_on_tab_hides_the_drills_solution_until_that_drill_is_passed(home, cli):
    from studyxf.tui.app import StudyApp

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    def hands_text() -> str:
        return "\n".join(_text(w.content) for w in app.screen.query("#lazy-hands Static"))

    async def go():
        async with app.run_test(size=(100, 30)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("5")
            await pilot.pause()
            shown = hands_text()
            assert "class CausalSelfAttention" not in shown and "self.qkv" not in shown
            assert "shown here once that drill is passed" in shown and "studyxf drill causal-self-attention" in shown
            await pilot.press("s")  # away (stats) while the drill is passed, then back
            await pilot.pause()
            study.conn.execute("INSERT INTO drill_attempts (drill, at, file, status) VALUES "
                               "('causal-self-attention', '2026-11-29T20:00:00', 'x.py', 'pass')")
            await pilot.press("escape")
            await pilot.pause()
            await pilot.pause()
            assert "class CausalSelfAttention" in hands_text()

    _run(go())
    plain = cli("today", "--plain").stdout
    assert "class CausalSelfAttention" in plain  # the pass is stored: plain shows it too


def test_at_80x24_every_tab_title_shows_whole_and_help_says_how_to_close_it(home):
    from textual.widgets import TabbedContent

    from studyxf.tui.app import StudyApp

    study = open_study()
    app = StudyApp(study, session_id=study.enter_today().id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            await pilot.pause()
            tabs = app.screen.query_one(TabbedContent)
            shown = [tab for tab in tabs.query("Tab")]
            assert [str(t.label).split()[0] for t in shown] == [str(n) for n in range(1, 9)]
            assert all(t.region.right <= 80 and t.region.width >= len(str(t.label)) for t in shown)
            assert "7 Journal" in [str(t.label) for t in shown] and "8 Next" in [str(t.label) for t in shown]
            await pilot.press("question_mark")
            await pilot.pause()
            box = app.screen.query_one("#help")
            assert "closes" in box.border_subtitle and box.region.bottom <= 24 and box.region.right <= 80
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "TodayScreen"
            await pilot.resize_terminal(120, 30)
            await pilot.pause()
            assert "2 Deep dive" in [str(t.label) for t in tabs.query("Tab")]

    _run(go())


def test_the_time_box_reset_asks_first_and_its_buttons_stand_apart(home):
    from studyxf.tui.app import StudyApp
    from studyxf.tui.confirm import ConfirmScreen

    study = open_study()
    session = study.enter_today()
    app = StudyApp(study, session_id=session.id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("4", "t")
            await pilot.pause()
            assert progress.timer(study.conn, session.id).running
            buttons = [app.screen.query_one(f"#timer-{b}") for b in ("start", "pause", "reset")]
            assert all(a.region.right < b.region.x for a, b in zip(buttons, buttons[1:]))  # a gap between each
            await pilot.click("#timer-reset")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert progress.timer(study.conn, session.id).running
            await pilot.click("#timer-reset")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            assert not progress.timer(study.conn, session.id).running

    _run(go())
