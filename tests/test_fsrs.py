"""FSRS beside SM-2: the schedule the `fsrs` package computes, switching that keeps every answer,
drills following the chosen scheduler, and `stats --compare`."""

import json
import sqlite3
from datetime import date, datetime, timedelta, timezone

import pytest

fsrs = pytest.importorskip("fsrs")


def _package_dues(ratings_at: list[tuple[int, str]], rollover: int = 4) -> list[date]:
    """What the fsrs package itself gives for these ratings at these local times (DESIGN.md's settings)."""
    scheduler = fsrs.Scheduler(desired_retention=0.9, learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    card, out = fsrs.Card(card_id=1), []
    for rating, at in ratings_at:
        moment = datetime.fromisoformat(at).astimezone().astimezone(timezone.utc)
        card, _ = scheduler.review_card(card, fsrs.Rating(rating), review_datetime=moment)
        local = card.due.astimezone().replace(tzinfo=None)
        out.append((local - timedelta(hours=rollover)).date())
    return out


RATINGS = [(3, 0, "20:00"), (3, 2, "21:30"), (1, 0, "08:00"), (4, 1, "19:00"), (2, 5, "02:30"), (3, 0, "12:00")]


def _answers() -> list[tuple[int, str]]:
    """Each answer on its due day (or some days late), at various hours (02:30 is still the day before)."""
    out, day = [], date(2026, 11, 29)
    for rating, late, hour in RATINGS:
        when = day + timedelta(days=late)
        if hour < "04:00":  # before the rollover: the calendar day after the study day
            when += timedelta(days=1)
        out.append((rating, f"{when.isoformat()}T{hour}:00"))
        day = _package_dues(out)[-1]
    return out


def test_fsrs_due_dates_are_the_packages_in_the_deck_and_the_plain_protocol(home, cli, monkeypatch):
    answers = _answers()
    expected = _package_dues(answers)
    env = {"STUDYXF_SCHEDULER": "fsrs"}
    first = json.loads(cli("cards", "--json", "--due", env=env).stdout)
    card = first[0]["id"]
    for other in first[1:]:  # one card left: the plain protocol shows it whenever it is due
        assert cli("cards", "--suspend", other["id"], env=env).returncode == 0
    got = []
    for rating, at in answers:
        res = cli("review", "--plain", input=f"\n{rating}\nq\n", env={**env, "STUDYXF_NOW": at})
        assert res.returncode == 0, res.stderr
        lines = res.stdout.splitlines()
        assert lines[0] == f"Q {card}", lines[:2]
        graded = [line for line in lines if line.startswith("= ")]
        assert graded and graded[0].startswith(f"= {rating} due ")
        got.append(date.fromisoformat(graded[0].split()[-1]))
    assert got == expected
    cards = {c["id"]: c for c in json.loads(cli("cards", "--json", env=env).stdout)}
    assert cards[card]["due"] == expected[-1].isoformat() and cards[card]["reviews"] == len(answers)
    assert cards[card]["stability"] > 0 and 1 <= cards[card]["difficulty"] <= 10  # FSRS's memory, shown


@pytest.mark.parametrize("tz", ["UTC", "America/New_York"])
def test_a_review_step_equals_the_packages_review_card(monkeypatch, tz):
    """A card under review is stepped by the package's formulas, written out (srs/fsrs6.py, for speed):
    on random memories, moments (same day, days or years later, before the last review: a clock
    set back) and grades, the schedule and memory equal what review_card gives, bit for bit."""
    import random
    import time

    from studyxf.srs.schedulers import Fsrs, Step

    monkeypatch.setenv("TZ", tz)
    time.tzset()
    try:
        direct, package = Fsrs(), Fsrs()
        assert direct.direct, "the package's formulas are missing: every answer takes review_card"
        package.direct = False
        rng = random.Random(7)
        base = datetime(2026, 11, 1)
        for _ in range(4000):
            last = base + timedelta(seconds=rng.randrange(0, 86400 * 30))
            # stabilities log-uniform over 0.01-4000 days: a lapse of a young card takes the short-term bound
            memory = f"{10 ** rng.uniform(-2, 3.6)!r} {rng.uniform(1, 10)!r} {last.timestamp()!r}"
            prev = Step(date(2026, 11, 29), 10, 3, 2500, memory)
            moment = last + timedelta(seconds=rng.choice([rng.randrange(-86400 * 2, 86400 * 2),
                                                          rng.randrange(0, 86400 * 900)]),
                                      microseconds=rng.choice([0, rng.randrange(10 ** 6)]))
            grade = rng.choice(Fsrs.grades)
            day = moment.date()
            assert direct.step(prev, grade, moment, day) == package.step(prev, grade, moment, day), (memory, moment,
                                                                                                     grade)
    finally:
        monkeypatch.undo()
        time.tzset()


def test_fsrs_takes_four_grades_and_refuses_zero_and_five(home, cli):
    res = cli("review", "--plain", input="\n0\n5\nhelp\n4\nq\n", env={"STUDYXF_SCHEDULER": "fsrs"})
    lines = res.stdout.splitlines()
    assert lines.count("?") == 2
    assert any("1-4" in line and "FSRS" in line for line in lines)
    assert any(line.startswith("= 4 due ") for line in lines)


def test_switching_to_fsrs_and_back_keeps_every_answer_and_rebuilds_the_schedule(home, cli):
    from studyxf.store import db

    def review(day, keys, scheduler):
        res = cli("review", "--plain", input=keys + "q\n", env={"STUDYXF_NOW": f"{day}T20:00",
                                                                "STUDYXF_SCHEDULER": scheduler})
        assert res.returncode == 0, res.stderr
        return res.stdout

    review("2026-11-29", "\n4\n\n3\n\n5\n\n1\n", "sm2")
    review("2026-11-30", "\n4\n\n4\n", "sm2")
    sm2_cards = {c["id"]: c for c in json.loads(cli("cards", "--json", env={"STUDYXF_NOW": "2026-11-30T21:00"}).stdout)}
    conn = db.connect()
    log_before = conn.execute("SELECT id, card_id, at, day, grade, reask, scale FROM reviews ORDER BY id").fetchall()
    conn.close()
    review("2026-12-01", "\n3\n\n2\n", "fsrs")
    fsrs_cards = {c["id"]: c for c in json.loads(cli("cards", "--json", env={
        "STUDYXF_NOW": "2026-12-01T21:00", "STUDYXF_SCHEDULER": "fsrs"}).stdout)}
    conn = db.connect()
    assert conn.execute("SELECT value FROM settings WHERE key = 'scheduler'").fetchone()[0] == "fsrs"
    log_mid = conn.execute("SELECT id, card_id, at, day, grade, reask, scale FROM reviews ORDER BY id").fetchall()
    conn.close()
    assert log_mid[:len(log_before)] == log_before  # nothing logged under SM-2 changed
    assert {r[6] for r in log_mid[len(log_before):]} == {"fsrs"}
    # back to SM-2: the schedule is SM-2's replay of the whole log (FSRS grades read on SM-2's scale)
    back = {c["id"]: c for c in json.loads(cli("cards", "--json", env={"STUDYXF_NOW": "2026-12-01T22:00"}).stdout)}
    conn = db.connect()
    assert conn.execute("SELECT id, card_id, at, day, grade, reask, scale FROM reviews ORDER BY id").fetchall() == log_mid
    conn.close()
    untouched = [cid for cid in sm2_cards if sm2_cards[cid]["reviews"] and back[cid]["reviews"] == sm2_cards[cid]["reviews"]]
    assert untouched
    for cid in untouched:  # answered only under SM-2: the replay gives back exactly the state it had
        for key in ("due", "interval", "repetitions", "ef"):
            assert back[cid][key] == sm2_cards[cid][key], (cid, key)
    assert sum(c["reviews"] for c in back.values()) == len(log_mid)
    assert any(fsrs_cards[cid]["due"] != sm2_cards[cid]["due"] for cid in untouched)  # FSRS did reschedule


def test_drills_follow_the_chosen_scheduler(home):
    from studyxf.srs import drills as drill_srs, schedulers
    from studyxf.store import db

    conn = db.connect()
    conn.execute("INSERT INTO drill_attempts (drill, at, status, hints_used, seconds) VALUES "
                 "('rope', '2026-11-29T20:00:00', 'pass', 0, 60)")
    fsrs_sched = schedulers.make("fsrs")
    q, due = drill_srs.record_pass(conn, "rope", date(2026, 11, 29), fsrs_sched)
    assert q == 5
    assert due == _package_dues([(4, "2026-11-29T20:00:00")])[0]  # a first-try pass: Easy
    row = conn.execute("SELECT due, fsrs FROM drill_schedule WHERE drill = 'rope'").fetchone()
    assert row[0] == due.isoformat() and float(row[1].split()[0]) > 0  # its stability
    drill_srs.reschedule_all(conn, schedulers.make("sm2"), 4)  # switching back: SM-2's first interval
    assert conn.execute("SELECT due FROM drill_schedule WHERE drill = 'rope'").fetchone()[0] == "2026-11-30"


def test_stats_compare_replays_the_log_under_both(home, cli):
    for day in ("2026-11-29", "2026-11-30"):
        cli("review", "--plain", input="\n4\n\n4\n\n3\nq\n", env={"STUDYXF_NOW": f"{day}T20:00"})
    res = cli("stats", "--compare", "--json", env={"STUDYXF_NOW": "2026-12-01T20:00"})
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["answers"] == 6 and data["cards"] == 3
    for name in ("sm2", "fsrs"):
        assert len(data[name]["per_day"]) == 30 and data[name]["reviews"] == sum(data[name]["per_day"]) > 0
        assert 0.5 < data[name]["predicted_retention"] <= 1
    text = cli("stats", "--compare", env={"STUDYXF_NOW": "2026-12-01T20:00"})
    assert "FSRS-predicted recall" in text.stdout and "Reviews per day" in text.stdout


def test_an_unknown_scheduler_is_one_line_and_exit_2(home, cli):
    res = cli("cards", env={"STUDYXF_SCHEDULER": "anki"})
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "STUDYXF_SCHEDULER" in res.stderr
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('scheduler = "fsrs"\n')
    res = cli("review", "--plain", input="\n3\nq\n")
    assert any(line.startswith("= 3 due ") for line in res.stdout.splitlines())
    conn = sqlite3.connect(home / "studyxf.sqlite3")
    assert conn.execute("SELECT scale FROM reviews").fetchall() == [("fsrs",)]


def test_the_review_screen_under_fsrs_shows_four_grades_with_fsrs_intervals(home, monkeypatch):
    import asyncio

    from studyxf.study import open_study
    from studyxf.tui.app import StudyApp

    monkeypatch.setenv("STUDYXF_SCHEDULER", "fsrs")
    study = open_study()
    study.enter_today()
    app = StudyApp(study, start="review")

    async def go():
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            screen = app.screen
            first = screen.card.id
            await pilot.press("space")
            bar = str(screen.query_one("#answer-bar").content)
            assert "[b]1[/b] Again" in bar and "[b]4[/b] Easy" in bar and "Blank" not in bar
            preview = study.deck.preview(first)
            assert set(preview) == {1, 2, 3, 4} and preview[1] <= preview[3] <= preview[4]
            await pilot.press("5")  # not an FSRS grade: nothing is graded
            await pilot.pause()
            assert screen.card.id == first
            await pilot.press("3")
            await pilot.pause()
            assert screen.card is None or screen.card.id != first

    asyncio.run(go())
    row = study.conn.execute("SELECT grade, scale FROM reviews").fetchone()
    assert tuple(row) == (3, "fsrs")


def test_undo_under_fsrs_restores_the_schedule_and_the_memory(home, monkeypatch):
    from studyxf.study import open_study

    monkeypatch.setenv("STUDYXF_SCHEDULER", "fsrs")
    study = open_study()
    study.enter_today()
    deck = study.deck
    card = deck.queue()[0]
    deck.answer(card, 3)
    monkeypatch.setenv("STUDYXF_NOW", "2026-12-05T20:00:00")
    before = deck.get(card)
    review_id, _ = deck.answer(card, 4)
    assert deck.get(card).fsrs != before.fsrs
    deck.undo(review_id)
    after = deck.get(card)
    assert (after.due, after.interval, after.last_day, after.fsrs) == (before.due, before.interval, before.last_day,
                                                                      before.fsrs)
