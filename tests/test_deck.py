"""The deck in-process: leeches, fuzz, bury, reset, removed prompts, practice, DST, stats, export."""

import csv
import json
from dataclasses import replace
from datetime import date

import pytest

from studyxf.store import days
from studyxf.store.db import transaction
from studyxf.study import open_study


@pytest.fixture
def study(home):
    s = open_study()
    s.enter_today()
    return s


def first(study):
    return study.deck.next_id()


def test_leech_after_eight_failures_is_flagged_and_suspended(study, monkeypatch):
    deck = study.deck
    card = first(study)
    deck.answer(card, 5)  # learned once: later failures are lapses
    for day in range(1, 9):
        monkeypatch.setenv("STUDYXF_NOW", f"2026-12-{day:02d}T20:00")
        deck.answer(card, 1)
    c = deck.get(card)
    assert c.lapses == 8 and c.leech and c.suspended
    assert card not in deck.queue()


def test_fuzz_spreads_long_intervals_only_when_turned_on(study, monkeypatch):
    deck = study.deck
    ids = deck.queue()[:10]
    conn = study.conn
    conn.execute("UPDATE cards SET reps = 3, interval = 100, ef_milli = 2500, due = '2026-11-29'")
    for cid in ids:
        deck.answer(cid, 4)
    assert {deck.get(c).due for c in ids} == {date(2027, 8, 6)}  # exact SM-2: 29 Nov + 250 days
    deck.config = replace(deck.config, fuzz=True)
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-30T20:00")
    conn.execute("UPDATE cards SET reps = 3, interval = 100, ef_milli = 2500, due = '2026-11-30', last_day = NULL")
    for cid in ids:
        deck.answer(cid, 4)
    dues = {deck.get(c).due for c in ids}
    assert len(dues) > 1 and all(abs((d - date(2027, 8, 7)).days) <= 13 for d in dues)
    assert {deck.get(c).interval for c in ids} == {250}  # the stored interval stays exact


def test_bury_reset_flag(study, monkeypatch):
    deck = study.deck
    card = first(study)
    deck.bury(card)
    assert card not in deck.queue()
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-30T20:00")
    assert card in deck.queue()
    deck.answer(card, 5)
    deck.reset(card)
    c = deck.get(card)
    assert (c.repetitions, c.interval, c.due, c.ef_milli) == (0, 0, None, 2500)
    assert deck.review_counts().get(card) is None
    deck.flag(card, "answer says 2 GiB, should be 1.25")
    assert study.conn.execute("SELECT flag FROM cards WHERE id = ?", (card,)).fetchone()[0].startswith("answer")


def test_removed_prompt_suspends_and_keeps_history(study):
    deck = study.deck
    card = first(study)
    deck.answer(card, 5)
    session = study.curriculum.get("transformers-1")
    removed = session.recall.pop(0)
    deck.enter_session(session)
    assert deck.get(card).suspended and deck.review_counts()[card] == 1
    session.recall.insert(0, removed)
    deck.enter_session(session)
    assert not deck.get(card).suspended and deck.get(card).repetitions == 1


def test_reworded_prompt_keeps_its_history(study):
    deck = study.deck
    card = first(study)
    deck.answer(card, 5)
    session = study.curriculum.get("transformers-1")
    session.recall[0].prompt = "Reworded: " + session.recall[0].prompt
    deck.enter_session(session)
    assert deck.get(card).repetitions == 1 and not deck.get(card).suspended


def test_practice_never_changes_schedules(home, cli):
    before = json.loads(cli("cards", "--json").stdout)
    res = cli("review", "--plain", "--practice", input="1\n5\n3\nq\n")
    assert res.returncode == 0 and sum(l.startswith("= ") for l in res.stdout.splitlines()) == 3
    after = json.loads(cli("cards", "--json").stdout)
    strip = [{k: v for k, v in c.items() if k != "reviews"} for c in after]
    assert strip == [{k: v for k, v in c.items() if k != "reviews"} for c in before]


def test_daylight_saving_change_keeps_due_dates_in_days(home, cli):
    env = {"TZ": "Europe/Berlin", "STUDYXF_NOW": "2026-10-24T23:30"}  # DST ends the next night
    res = cli("review", "--plain", input="5\n", env=env)
    assert "= 5 due 2026-10-25" in res.stdout
    env["STUDYXF_NOW"] = "2026-10-25T03:30"  # before the 04:00 rollover: still the 24th's study day
    due = json.loads(cli("cards", "--due", "--json", env=env).stdout)
    assert all(c["due"] is None for c in due)


def test_stats_json(study, cli):
    deck = study.deck
    for cid in deck.queue()[:3]:
        deck.answer(cid, 4)
    deck.answer(deck.queue()[0], 2)
    data = json.loads(cli("stats", "--json").stdout)
    assert data["retention"] == 0.75 and data["streak"] == 1
    assert data["forecast"][1] == {"day": "2026-11-30", "due": 4}
    assert len(data["forecast"]) == 30 and data["reviews_per_day"] == [{"day": "2026-11-29", "reviews": 4}]
    # one definition of a card's state: stats counts what `cards` says of each card
    assert data["cards"]["learning"] == 1 and data["cards"]["review"] == 3
    states = [c["state"] for c in json.loads(cli("cards", "--json").stdout)]
    assert {k: v for k, v in data["cards"].items() if k != "leech"} == {
        k: states.count(k) for k in ("new", "learning", "review", "suspended", "buried", "removed")}


def test_export_csv_and_anki(home, cli, tmp_path):
    out = tmp_path / "cards.csv"
    res = cli("export", "--csv", str(out), "--anki", str(tmp_path / "cards.apkg"))
    assert res.returncode == 0, res.stderr
    rows = list(csv.DictReader(out.open()))
    assert rows and rows[0]["id"].startswith("transformers-1/") and rows[0]["answer"]
    assert (tmp_path / "cards.apkg").stat().st_size > 1000


def test_config_rejects_bad_values(home, cli):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("rollover_hour = 25\n")
    res = cli("cards")
    assert res.returncode == 2 and "rollover_hour" in res.stderr and "config.toml" in res.stderr


def test_a_passed_drill_is_scheduled_with_sm2(home, cli, monkeypatch):
    from studyxf.srs import drills as drill_srs
    from studyxf.store import db

    assert drill_srs.quality(1, 0, 60) == 5 and drill_srs.quality(1, 0, 3600) == 4
    assert drill_srs.quality(3, 1, 60) == 4 and drill_srs.quality(5, 0, 60) == 3
    conn = db.connect()

    def attempt(status, hints=0, at="2026-11-29T20:00:00"):
        conn.execute("INSERT INTO drill_attempts (drill, at, status, hints_used, seconds) VALUES (?,?,?,?,1)",
                     ("rope", at, status, hints))

    attempt("pass")
    q, due = drill_srs.record_pass(conn, "rope", date(2026, 11, 29))
    assert (q, due) == (5, date(2026, 11, 30))
    assert drill_srs.record_pass(conn, "rope", date(2026, 11, 29)) is None  # once a day
    assert drill_srs.due(conn, date(2026, 11, 30)) == [("rope", "2026-11-30")]
    attempt("fail", at="2026-11-30T20:00:00")
    attempt("fail", 1, at="2026-11-30T20:05:00")
    attempt("pass", 1, at="2026-11-30T20:10:00")
    q, due = drill_srs.record_pass(conn, "rope", date(2026, 11, 30))
    assert (q, due) == (4, date(2026, 12, 6))  # second repetition: 6 days
    assert "Drill due to write again" in cli("today", "--plain", env={"STUDYXF_NOW": "2026-12-06T20:00"}).stdout


def _own_session(folder, sid="mine-1", prompts=3):
    folder.mkdir(parents=True, exist_ok=True)
    lines = [f"id: {sid}", "order: 1", f'title: "{sid}"', "kind: topic", "agenda: [one]", "deep_dive:",
             "  - title: one", "    body: text", "recall:"]
    for p in range(prompts):
        lines += [f"  - id: p{p}", f'    prompt: "Question {p}?"', f'    answer: "Answer {p}."']
    path = folder / f"{sid}.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_removed_cards_are_named_removed_and_not_to_do(home, cli, tmp_path):
    """Issue 30: cards whose session file is gone are removed (stats, cards), not suspended, and no
    count of what is left to do includes them; they come back with their history with the file."""
    folder = tmp_path / "mine"
    path = _own_session(folder)
    env = {"STUDYXF_SESSIONS": str(folder)}
    res = cli("review", "--plain", input="5\nq\n", env=env)  # mine-1 comes first (order 1): entered, one answered
    assert res.returncode == 0 and "Q mine-1/p0" in res.stdout, res.stdout
    path.unlink()
    stats = json.loads(cli("stats", "--json", env=env).stdout)
    assert stats["cards"]["removed"] == 3 and stats["cards"]["suspended"] == 0
    text = cli("stats", env=env).stdout
    assert "removed 3" in text and "suspended 0" in text
    cards = {c["id"]: c for c in json.loads(cli("cards", "--json", env=env).stdout)}
    assert {cards[f"mine-1/p{i}"]["state"] for i in range(3)} == {"removed"}
    assert cards["mine-1/p0"]["reviews"] == 1
    due = [c["id"] for c in json.loads(cli("cards", "--due", "--json", env=env).stdout)]
    assert not any(cid.startswith("mine-1/") for cid in due)
    plain = cli("today", "--plain", env=env).stdout
    assert f"Reviews due now: {len(due)}" in plain
    assert sum(stats["forecast"][i]["due"] for i in range(30)) == len(
        [c for c in cards.values() if c["due"] and c["state"] not in ("removed", "suspended")])
    _own_session(folder)  # the file is back: so are its cards, history kept
    cards = {c["id"]: c for c in json.loads(cli("cards", "--json", env=env).stdout)}
    assert cards["mine-1/p0"]["state"] == "review" and cards["mine-1/p1"]["state"] == "new"
    assert cards["mine-1/p0"]["reviews"] == 1


def test_a_session_folder_that_is_missing_removes_nothing(home, cli, tmp_path):
    folder = tmp_path / "mine"
    _own_session(folder)
    cli("review", "--plain", input="5\nq\n", env={"STUDYXF_SESSIONS": str(folder)})
    folder.rename(tmp_path / "elsewhere")  # an unmounted disk, a renamed folder: not a deletion
    stats = json.loads(cli("stats", "--json", env={"STUDYXF_SESSIONS": str(folder)}).stdout)
    assert stats["cards"]["removed"] == 0


def _recount(conn):
    """review_days' figures counted from the log itself."""
    return conn.execute(
        "SELECT day, COUNT(*), SUM(reask = 0), SUM(reask = 0 AND grade >= 3), SUM(reask = 0 AND prev_due IS NULL) "
        "FROM reviews WHERE practice = 0 GROUP BY day ORDER BY day").fetchall()


def _fold(conn):
    with transaction(conn):
        days.fold(conn)


@pytest.mark.parametrize("folds", [(), (1, 4), (0, 2, 3, 5, 6, 7), tuple(range(9))])
def test_stats_per_day_aggregates_follow_every_write_to_the_log(study, cli, monkeypatch, folds):
    """The per-day counts stats and the daily limits read (review_days and the log's tail) equal a
    count of the log after answers, re-asks, practice, undo, reset and another day, whichever of
    them were folded in before the next: an undo of the last folded answer included, whose id the
    next answer takes."""
    deck, conn = study.deck, study.conn
    ids = deck.queue()[:4]
    steps = [lambda: deck.answer(ids[0], 5), lambda: deck.answer(ids[1], 2),
             lambda: deck.answer(ids[1], 4),  # a re-ask
             lambda: deck.answer(ids[2], 3, practice=True), lambda: deck.answer(ids[3], 1)]
    for i, step in enumerate(steps):
        if i in folds:
            _fold(conn)
        step()
    if 5 in folds:
        _fold(conn)
    last = conn.execute("SELECT MAX(id) FROM reviews").fetchone()[0]
    deck.undo(last)
    new, _ = deck.answer(ids[3], 2)
    assert new == last  # the id comes back: it must be counted, folded before or not
    assert [row for row in days.per_day(conn) if row[1]] == _recount(conn)
    today = deck.today().isoformat()
    assert days.graded_on(conn, today) == conn.execute(
        "SELECT SUM(prev_due IS NULL), SUM(prev_due IS NOT NULL) FROM reviews WHERE day = ? AND reask = 0 "
        "AND practice = 0", (today,)).fetchone()
    assert deck.reasks() == [ids[3]]  # graded 2 after the undo: asked again today
    if 6 in folds:
        _fold(conn)
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-30T20:00")
    deck.answer(ids[0], 4)
    if 7 in folds:
        _fold(conn)
    deck.reset(ids[2])
    deck.reset(ids[3])
    if 8 in folds:
        _fold(conn)
    expected = [row[:4] for row in _recount(conn)]
    assert [row[:4] for row in days.per_day(conn) if row[1]] == expected
    data = json.loads(cli("stats", "--json", env={"STUDYXF_NOW": "2026-11-30T20:00"}).stdout)
    assert data["reviews_per_day"] == [{"day": d, "reviews": n} for d, n, _, _ in expected]
    graded = sum(r[2] for r in expected)
    assert data["retention"] == round(sum(r[3] for r in expected) / graded, 4) and data["streak"] == 2


def test_the_logs_tail_is_folded_on_opening_when_long_never_waiting_for_the_lock(study, monkeypatch):
    """db.connect folds a long tail into review_days (what stats reads stays the same); while another
    process holds the write lock it leaves the tail for later instead of waiting."""
    import time

    from studyxf.store import db

    deck, conn = study.deck, study.conn
    for card_id in deck.queue()[:4]:
        deck.answer(card_id, 4)
    counted = days.per_day(conn)
    monkeypatch.setattr(days, "FOLD_AFTER", 2)
    monkeypatch.setattr(db, "BUSY_TIMEOUT_S", 30)  # a wait for the lock would show
    conn.execute("BEGIN IMMEDIATE")  # another writer
    start = time.monotonic()
    other = db.connect()
    assert time.monotonic() - start < 5 and days.tail(other) == 4
    conn.execute("ROLLBACK")
    other.close()
    other = db.connect()
    assert days.tail(other) == 0 and days.per_day(other) == counted
    assert conn.execute("SELECT COUNT(*) FROM review_days").fetchone()[0] == 1
    other.close()


def test_todays_answers_are_read_as_a_range_of_the_log_never_a_walk_of_it(study):
    """What a start reads of today's answers (the daily limits, the re-asks, the revision slot, the
    counts per day) is planned as a range of the log's ids or a look-up, never a scan of the log or a
    walk of its index by card: 0.11 s at 1M reviews when the planner chose the index for a DISTINCT."""
    deck, conn = study.deck, study.conn
    for card_id in deck.queue()[:3]:
        deck.answer(card_id, 2)
    _fold(conn)
    deck.answer(deck.queue()[0], 4)
    seen = []

    class Recording:
        def execute(self, sql, params=()):
            seen.append((sql, params))
            return conn.execute(sql, params)

        def __getattr__(self, name):
            return getattr(conn, name)

    deck.conn = Recording()
    deck.limits_left(), deck.reasks(), deck.slot_left(), days.per_day(deck.conn)
    deck.conn = conn
    plans = [" / ".join(r[3] for r in conn.execute(f"EXPLAIN QUERY PLAN {sql}", params)) for sql, params in seen
             if "reviews" in sql]
    assert len(plans) >= 4
    for plan in plans:
        assert "SCAN reviews" not in plan and "reviews_card_day" not in plan, plan


def test_cards_text_has_a_header_in_ankis_words_and_json_is_unchanged(home, cli):
    cli("review", "--plain", input="\n4\nq\n")
    lines = cli("cards").stdout.splitlines()
    assert lines[0].split() == ["state", "due", "interval", "ease", "reviews", "lapses", "card"]
    assert lines[1] == "transformers-1:"
    graded = lines[2].split()
    assert graded[:6] == ["review", "tomorrow", "1d", "250%", "1", "0"]  # Good keeps the ease
    assert lines[3].split()[:6] == ["new", "-", "-", "250%", "0", "0"]
    assert "n=" not in "\n".join(lines) and "ef=" not in "\n".join(lines)
    data = json.loads(cli("cards", "--json").stdout)
    assert {"id", "repetitions", "ef", "interval", "due", "reviews", "state"} <= set(data[0])
    assert data[0]["ef"] == 2.5 and data[0]["due"] == "2026-11-30"


def test_export_anki_without_the_extension_writes_an_apkg_anki_opens(home, cli, tmp_path):
    res = cli("export", "--anki", str(tmp_path / "deck"))
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "deck.apkg").stat().st_size > 1000 and not (tmp_path / "deck").exists()
    assert f"written to {tmp_path / 'deck.apkg'} (.apkg added" in res.stdout


def test_a_new_devices_default_name_says_who_and_what_not_only_the_host():
    import getpass
    import socket

    from studyxf.store import events

    name = events.default_name()
    assert name.startswith(f"{getpass.getuser()}@{socket.gethostname().split('.')[0]}") and name.endswith(")")
