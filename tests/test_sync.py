"""Two machines, one history (DESIGN.md; issue 29): two data directories synced through a folder,
as a learner would, with the commands they would run."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest

from studyxf.store import days
from tests.conftest import ROOT, run_cli

ATTEMPTS = """
import sys
from types import SimpleNamespace
from studyxf.study import open_study
from studyxf.grading.attempts import grade_and_record
study = open_study()
study.enter_today()
for status in sys.argv[2:]:
    report = {"status": status, "framework": "numpy", "tests": [], "diagnosis": []}
    grade_and_record(study, SimpleNamespace(name=sys.argv[1]), "mine.py", 0, lambda d, p: report)
"""


class Machine:
    def __init__(self, home: Path, folder: Path, name: str):
        self.home, self.folder, self.name = home, folder, name

    def env(self, day: str) -> dict:
        return {"STUDYXF_HOME": str(self.home), "STUDYXF_NOW": f"{day}T20:00:00", "NO_COLOR": "1"}

    def run(self, *args, day="2026-11-10", input=None, check=True):
        r = run_cli(*args, input=input, env=self.env(day))
        if check:
            assert r.returncode == 0, r.stderr
        return r

    def review(self, keys: str, day: str):
        return self.run("review", "--plain", input=keys, day=day)

    def attempts(self, drill: str, *statuses: str, day: str):
        env = dict(os.environ, PYTHONPATH=str(ROOT), **self.env(day))
        subprocess.run([sys.executable, "-c", ATTEMPTS, drill, *statuses], env=env, check=True, cwd=str(ROOT))

    def sync(self, day="2026-11-10", *extra):
        return self.run("sync", str(self.folder), "--name", self.name, *extra, day=day)

    def view(self, day="2026-11-10") -> dict:
        """What the learner sees: cards, stats, the drill listing."""
        return {"cards": json.loads(self.run("cards", "--json", day=day).stdout),
                "stats": json.loads(self.run("stats", "--json", day=day).stdout),
                "drills": self.run("drill", day=day).stdout}

    def device(self) -> str:
        with self.db() as conn:
            return conn.execute("SELECT id FROM device").fetchone()[0]

    @contextmanager
    def db(self):
        conn = sqlite3.connect(self.home / "studyxf.sqlite3", isolation_level=None)
        try:
            yield conn
        finally:
            conn.close()

    def aggregates_are_a_recount(self) -> bool:
        """The per-day counts stats reads (review_days, kept by triggers; issue 30) equal a count of the log."""
        with self.db() as conn:
            kept = [row for row in days.per_day(conn) if row[1] or row[2]]
            recount = conn.execute(
                "SELECT day, COUNT(*), SUM(reask = 0), SUM(reask = 0 AND CASE scale WHEN 'fsrs' THEN grade >= 2 "
                "ELSE grade >= 3 END), SUM(reask = 0 AND prev_due IS NULL) FROM reviews WHERE practice = 0 "
                "GROUP BY day ORDER BY day").fetchall()
            # each day's answers are read from its first id on: none of them below it
            below = conn.execute("SELECT COUNT(*) FROM reviews r JOIN review_days d ON d.day = r.day WHERE "
                                 "r.practice = 0 AND r.id <= (SELECT upto FROM review_days_upto) AND "
                                 "(d.first_id IS NULL OR r.id < d.first_id)").fetchone()[0]
        return kept == recount and len(kept) > 0 and below == 0

    def review_events(self) -> list[str]:
        with self.db() as conn:
            return [e for (e,) in conn.execute("SELECT event FROM reviews")]


@pytest.fixture
def two(tmp_path, monkeypatch):
    for var in ("STUDYXF_SESSIONS", "STUDYXF_DRILLS", "STUDYXF_SCHEDULER"):
        monkeypatch.delenv(var, raising=False)
    folder = tmp_path / "Sync" / "studyxf"
    return Machine(tmp_path / "laptop", folder, "laptop"), Machine(tmp_path / "gpu", folder, "gpu-box")


def _histories(a: Machine, b: Machine) -> None:
    """Reviews, an undo, a suspension, a burial and drill attempts on both, on different days."""
    a.review("4\n2\n5\nu\n3\n!\n4\n1\nq\n", day="2026-11-01")
    a.attempts("attention", "fail", "pass", day="2026-11-01")
    b.review("5\n5\n1\nb\n4\n3\nq\n", day="2026-11-02")
    b.attempts("attention", "pass", day="2026-11-02")
    b.attempts("rope", "error", "pass", day="2026-11-02")
    a.review("4\n4\n4\n4\n5\nq\n", day="2026-11-03")


def test_either_order_gives_one_history(two, tmp_path):
    a, b = two
    _histories(a, b)
    made = set(a.review_events()) | set(b.review_events())
    # the same two histories, synced the other way round, in copies of both data directories
    a2 = Machine(tmp_path / "laptop2", tmp_path / "Sync2", "laptop")
    b2 = Machine(tmp_path / "gpu2", tmp_path / "Sync2", "gpu-box")
    shutil.copytree(a.home, a2.home)
    shutil.copytree(b.home, b2.home)

    first = a.sync(day="2026-11-04").stdout
    assert first.strip().endswith("sent " + first.strip().rsplit("sent ", 1)[1])
    got = b.sync(day="2026-11-04").stdout
    assert "from laptop (" in got and "attempts)" in got
    a.sync(day="2026-11-04")
    b2.sync(day="2026-11-04")
    a2.sync(day="2026-11-04")
    b2.sync(day="2026-11-04")

    views = [m.view("2026-11-04") for m in (a, b, a2, b2)]
    assert views[0] == views[1] == views[2] == views[3]
    assert any(c["state"] == "suspended" for c in views[0]["cards"])
    assert any(c["reviews"] > 1 for c in views[0]["cards"])
    assert "attention" in views[0]["drills"] and "pass" in views[0]["drills"]
    for m in (a, b, a2, b2):  # every review made on either machine, once in each log
        log = m.review_events()
        assert Counter(log).most_common(1)[0][1] == 1
        assert set(log) == made
        assert m.aggregates_are_a_recount()  # after a sync's replay


def test_twice_is_once(two):
    a, b = two
    _histories(a, b)
    a.sync(day="2026-11-04")
    b.sync(day="2026-11-04")
    a.sync(day="2026-11-04")
    before = a.view("2026-11-04"), b.view("2026-11-04")
    assert a.sync(day="2026-11-04").stdout.strip() == "received 0 events, sent 0"
    assert b.sync(day="2026-11-04").stdout.strip() == "received 0 events, sent 0"
    assert (a.view("2026-11-04"), b.view("2026-11-04")) == before
    status = a.run("sync", str(a.folder), "--status", day="2026-11-04").stdout
    assert "this device: laptop" in status and "gpu-box" in status and "0 events to send" in status


def test_a_restored_backup_gets_its_synced_answers_back_and_numbers_no_event_twice(two):
    """The laptop answers, syncs, answers again and syncs; then restores the morning's backup and answers
    once more before syncing: the answers after the backup come back from its own files, the new one
    is sent under a number never used, and both machines show one history."""
    a, b = two
    a.review("4\n4\n4\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")
    a.review("5\n5\nq\n", day="2026-11-02")  # the day's first command made the backup 2026-11-02 first
    a.sync(day="2026-11-02")
    assert len(a.review_events()) == 5
    assert a.run("backup", "--restore", "2026-11-02", day="2026-11-02").returncode == 0
    assert len(a.review_events()) == 3  # the two answers after the backup are gone from the file
    a.review("3\nq\n", day="2026-11-02")
    status = a.run("sync", str(a.folder), "--status", day="2026-11-02").stdout
    assert "1 events to send" in status, status  # the new answer (not the numbers skipped)
    out = a.sync(day="2026-11-02").stdout
    assert out.startswith("received 2 events from laptop (2 reviews, 0 attempts)"), out
    b.sync(day="2026-11-02")
    assert len(a.review_events()) == len(b.review_events()) == 6
    assert set(a.review_events()) == set(b.review_events())
    assert a.view("2026-11-02") == b.view("2026-11-02")
    ids = [json.loads(line)["id"] for line in _device_file(a).read_text().splitlines()]
    assert len(ids) == len(set(ids))
    a.sync(day="2026-11-02")  # the box's announcement
    assert a.sync(day="2026-11-02").stdout.strip() == "received 0 events, sent 0"


def test_a_fresh_machine_with_fsrs_chosen_takes_the_history_in_its_first_sync(two, monkeypatch):
    a, b = two
    monkeypatch.setenv("STUDYXF_SCHEDULER", "fsrs")
    a.review("3\n3\n4\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")
    out = b.sync(day="2026-11-02").stdout  # its first command: the deck switches to FSRS then
    assert out.startswith("received 4 events from laptop (3 reviews, 0 attempts)"), out
    assert a.view("2026-11-02")["cards"] == b.view("2026-11-02")["cards"]


def test_sync_brings_the_review_due(two):
    """A card answered on the laptop is not due again on the box the next day."""
    a, b = two
    a.review("5\n" * 20 + "q\n", day="2026-11-01")
    b.run("cards", day="2026-11-01")
    a.sync(day="2026-11-01")
    b.sync(day="2026-11-02")
    due_b = json.loads(b.run("cards", "--json", "--due", day="2026-11-02").stdout)
    due_a = json.loads(a.run("cards", "--json", "--due", day="2026-11-02").stdout)
    assert due_a == due_b


def _device_file(m: Machine) -> Path:
    with m.db() as conn:
        dev = conn.execute("SELECT id FROM device").fetchone()[0]
    return m.folder / dev / "1.jsonl"


def test_damaged_line_reported_and_skipped_truncated_line_waited_for(two):
    a, b = two
    b.review("4\n4\nq\n", day="2026-11-02")
    b.sync(day="2026-11-02")
    path = _device_file(b)
    lines = path.read_text().splitlines()
    good = json.loads(next(line for line in lines if '"kind":"review"' in line))
    dev = good["id"].split(":")[0]
    late = dict(good, id=f"{dev}:900", grade=1)
    with open(path, "a") as fh:  # a damaged line, a good one after it, then half a line
        fh.write('{"id": "broken\n')
        fh.write(json.dumps(dict(good, id=f"{dev}:800", grade=9)) + "\n")
        fh.write(json.dumps(dict(good, id=f"{dev}:850")) + "\n")
        fh.write(json.dumps(late)[:40])
    r = a.sync(day="2026-11-03")
    n = len(lines)
    assert f"{path}:{n + 1}: not a JSON line" in r.stderr
    assert f"{path}:{n + 2}: review: grade 9" in r.stderr
    assert f"{path}:{n + 4}" not in r.stderr  # the unfinished line is waited for, not reported
    assert "received" in r.stdout
    with a.db() as conn:
        ids = {e for (e,) in conn.execute("SELECT id FROM events")}
    assert f"{dev}:850" in ids and f"{dev}:800" not in ids and f"{dev}:900" not in ids
    with open(path, "a") as fh:  # the writer finishes its line
        fh.write(json.dumps(late)[40:] + "\n")
    r = a.sync(day="2026-11-03")
    assert r.stderr == "" and "received 1 events" in r.stdout
    assert a.sync(day="2026-11-03").stdout.strip() == "received 0 events, sent 0"


def test_events_for_cards_this_machine_lacks_wait_for_them(two):
    a, b = two
    # the box answered a card of a session the laptop does not have (a session file on one machine only)
    b.review("4\n4\n4\nq\n", day="2026-11-02")
    with b.db() as conn:
        card = conn.execute("SELECT card_id FROM reviews LIMIT 1").fetchone()[0]
        conn.execute("UPDATE events SET body = replace(body, ?, ?), subject = replace(subject, ?, ?)",
                     (card, "elsewhere-1/x", card, "elsewhere-1/x"))
    b.sync(day="2026-11-02")
    a.sync(day="2026-11-03")
    status = a.run("sync", str(a.folder), "--status", day="2026-11-03").stdout
    assert "wait for 1 cards" in status
    with a.db() as conn:  # the card appears (its session entered the deck): its history applies
        conn.execute("INSERT INTO cards (id, session_id, position, kind, added_day) VALUES "
                     "('elsewhere-1/x', 'elsewhere-1', 1, 'text', '2026-11-03')")
    from studyxf.config import Config
    from studyxf.srs import schedulers
    from studyxf.sync import replay

    with a.db() as conn:
        replay.cards(conn, ["elsewhere-1/x"], schedulers.Sm2(), Config())
    card = next(c for c in json.loads(a.run("cards", "--json", day="2026-11-03").stdout) if c["id"] == "elsewhere-1/x")
    assert card["reviews"] == 1 and card["due"] == "2026-11-03"


def test_replay_rebuilds_what_the_machine_wrote(two):
    """The replay of a machine's own log gives back the state it wrote answer by answer (the same
    scheduler functions, the same rules): so a card touched on one machine only looks the same on both."""
    a, _ = two
    a.review("4\n2\n5\nu\n3\n!\n4\n1\nq\n", day="2026-11-01")
    a.review("4\n0\nb\n5\n3\n4\nq\n", day="2026-11-02")
    a.review("5\n5\n2\n4\nu\nu\n4\nq\n", day="2026-11-08")
    from studyxf.config import Config
    from studyxf.srs import schedulers
    from studyxf.sync import replay

    cols = "id, reps, ef_milli, interval, due, last_day, lapses, suspended, leech, buried_until, flag, fsrs"
    with a.db() as conn:
        before = conn.execute(f"SELECT {cols} FROM cards ORDER BY id").fetchall()
        rows_before = conn.execute("SELECT card_id, day, grade, reask, new_due, prev_due FROM reviews "
                                   "ORDER BY card_id, id").fetchall()
        replay.cards(conn, [r[0] for r in before], schedulers.Sm2(), Config())
        assert conn.execute(f"SELECT {cols} FROM cards ORDER BY id").fetchall() == before
        assert conn.execute("SELECT card_id, day, grade, reask, new_due, prev_due FROM reviews "
                            "ORDER BY card_id, id").fetchall() == rows_before


def _start_sync(m: Machine, day: str, crash: str | None = None) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT), **m.env(day))
    if crash:
        env["STUDYXF_SYNC_CRASH"] = crash
    return subprocess.Popen([sys.executable, "-m", "studyxf", "sync", str(m.folder), "--name", m.name], env=env,
                            cwd=str(ROOT), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _file_ids(m: Machine) -> list[str]:
    with m.db() as conn:
        dev = conn.execute("SELECT id FROM device").fetchone()[0]
    ids = []
    for path in sorted((m.folder / dev).glob("*.jsonl")):
        for line in path.read_bytes().split(b"\n"):
            try:
                ids.append(json.loads(line)["id"])
            except ValueError:
                pass
    return ids


def test_sigkill_anywhere_loses_and_duplicates_nothing(two):
    a, b = two
    _histories(a, b)
    made = set(a.review_events()) | set(b.review_events())
    # each crash point once, deterministically, then SIGKILLs at random moments
    for m, crash in ((a, "mid-append"), (b, "after-append"), (a, "before-commit"), (b, "mid-append"),
                     (a, "after-append"), (b, "before-commit")):
        m.review("3\nq\n", day="2026-11-04")  # something to send
        assert _start_sync(m, "2026-11-04", crash).wait(60) == -signal.SIGKILL
    rng = random.Random(29)
    started = time.monotonic()
    kills = 0
    while kills < 20 and time.monotonic() - started < 12:
        m = (a, b)[kills % 2]
        p = _start_sync(m, "2026-11-04")
        time.sleep(rng.uniform(0.05, 0.6))
        p.send_signal(signal.SIGKILL)
        p.wait(60)
        kills += 1
        if kills % 8 == 0:  # now and then a review between the syncs, as a learner would
            m.review("4\nq\n", day="2026-11-04")
    for m in (a, b, a, b):
        m.sync(day="2026-11-04")
    made |= set(a.review_events()) | set(b.review_events())
    assert a.view("2026-11-04") == b.view("2026-11-04")
    for m in (a, b):
        log = m.review_events()
        assert sorted(log) == sorted(made)  # nothing lost, nothing twice
        ids = _file_ids(m)
        assert len(ids) == len(set(ids))
        with m.db() as conn:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert conn.execute("SELECT COUNT(*) FROM events").fetchone()[0] == \
                conn.execute("SELECT COUNT(DISTINCT id) FROM events").fetchone()[0]


def test_a_history_from_before_sync_is_sent_by_the_first_sync(two):
    """A database written before events existed (schema 5) gets its past as events on migration:
    the first sync sends it, and the other machine rebuilds the same cards, stats and drills."""
    a, b = two
    a.review("4\n2\n5\n3\n!\n4\n1\nq\n", day="2026-11-01")
    a.attempts("attention", "fail", "pass", day="2026-11-01")
    a.review("4\n4\nb\n5\nq\n", day="2026-11-02")
    a.run("flag", "--note", "unclear", day="2026-11-02", check=False)
    with a.db() as conn:  # back to schema 5, as an older studyxf left it
        for trigger in ("review_days_insert", "review_days_delete", "review_days_update"):  # and before 7
            conn.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        for table in ("events", "device", "sync_files", "event_devices", "review_days_upto"):
            conn.execute(f"DROP TABLE {table}")
        conn.execute("ALTER TABLE reviews DROP COLUMN event")
        conn.execute("ALTER TABLE drill_attempts DROP COLUMN event")
        for trigger in ("review_days_insert", "review_days_delete", "review_days_update"):  # and before 7
            conn.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        conn.execute("DROP TABLE IF EXISTS review_days")
        conn.execute("DROP INDEX IF EXISTS cards_session")
        conn.execute("PRAGMA user_version = 5")
    before = a.view("2026-11-03")  # migrates
    assert a.aggregates_are_a_recount()  # migration 7's one GROUP BY insert
    assert "sent 0" not in a.sync(day="2026-11-03").stdout
    b.sync(day="2026-11-03")
    assert b.view("2026-11-03") == a.view("2026-11-03") == before


def _review_days_of_schema_8(conn: sqlite3.Connection) -> None:
    """review_days (every answer counted as written) and the index on reviews.day as schemas 7 and 8
    kept them."""
    for name in ("insert", "delete", "update"):
        conn.execute(f"DROP TRIGGER IF EXISTS review_days_{name}")
    conn.execute("DROP TABLE review_days_upto")
    conn.execute("DROP TABLE review_days")
    conn.execute("CREATE TABLE review_days (day TEXT PRIMARY KEY, reviews INTEGER NOT NULL, "
                 "graded INTEGER NOT NULL, recalled INTEGER NOT NULL)")
    conn.execute("INSERT INTO review_days SELECT day, COUNT(*), SUM(reask = 0), SUM(reask = 0 AND CASE scale "
                 "WHEN 'fsrs' THEN grade >= 2 ELSE grade >= 3 END) FROM reviews WHERE practice = 0 GROUP BY day")
    days.schema7_triggers(conn)
    conn.execute("CREATE INDEX reviews_day ON reviews (day)")


def test_schema_8_gets_the_days_first_ids_and_keeps_the_queue(two):
    """Migration 9 (issue 30: one B-tree fewer per answer): the daily limits and the re-asks read
    review_days instead of an index on the day. After it the learner meets the same queue (today's
    re-asks, the new cards left under the daily limit), the same stats, and the counts stay exact
    through more answers, an undo and a sync."""
    a, b = two
    a.review("4\n2\n5\n3\n!\n4\n1\nq\n", day="2026-11-01")
    a.review("4\n1\n2\nq\n", day="2026-11-02")  # re-asks left for later today
    a.run("review", "--practice", "--plain", input="5\n5\nq\n", day="2026-11-02")
    next_card = a.review("q\n", day="2026-11-02").stdout
    before = a.view("2026-11-02")
    with a.db() as conn:
        _review_days_of_schema_8(conn)
        conn.execute("PRAGMA user_version = 8")
    assert a.review("q\n", day="2026-11-02").stdout == next_card  # migrates
    assert a.view("2026-11-02") == before
    with a.db() as conn:
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE tbl_name = 'reviews'")}
    assert "reviews_day" not in indexes
    assert a.aggregates_are_a_recount()
    a.review("5\n5\nu\n4\nq\n", day="2026-11-02")
    a.review("4\n3\nq\n", day="2026-11-03")
    a.sync(day="2026-11-03")
    b.review("5\nq\n", day="2026-11-03")
    b.sync(day="2026-11-03")
    a.sync(day="2026-11-03")
    assert a.aggregates_are_a_recount() and b.aggregates_are_a_recount()
    assert a.view("2026-11-03") == b.view("2026-11-03")


@pytest.mark.parametrize("schema", [7, 8])
def test_an_older_log_keeps_its_events_and_their_numbers(two, schema):
    """Migrations 8 and 9 (issue 30: an answer writes fewer pages) copy a log indexed by its ids (schema
    7) or by (device, seq) (schema 8, as an earlier migration 8 left it) into the keyed one: every
    event and id stays, this device's events come last, no index but the one by subject is left, a
    sync still skips what it has, and the next event takes the next number, above any a sync of this
    device's files raised the counter to."""
    a, b = two
    b.review("4\n5\nq\n", day="2026-11-01")
    b.sync(day="2026-11-01")
    a.review("4\n2\n5\nq\n", day="2026-11-01")
    a.sync(day="2026-11-01")  # b's events are in a's log too
    columns = "id, device, seq, ord, kind, subject, body"
    with a.db() as conn:  # the log as schema 7 or 8 kept it
        before = conn.execute(f"SELECT {columns} FROM events ORDER BY key").fetchall()
        me = conn.execute("SELECT id FROM device").fetchone()[0]
        assert {e[1] for e in before} == {me, b.device()}
        conn.execute("DROP TABLE events")
        conn.execute("DROP TABLE event_devices")
        conn.execute(f"CREATE TABLE events (id TEXT {'PRIMARY KEY' if schema == 7 else 'NOT NULL'}, device TEXT "
                     "NOT NULL, seq INTEGER NOT NULL, ord TEXT NOT NULL, kind TEXT NOT NULL, subject TEXT, "
                     "body TEXT NOT NULL)")
        conn.execute("CREATE UNIQUE INDEX events_device_seq ON events (device, seq)")
        conn.execute("CREATE INDEX events_subject ON events (subject, ord)")
        conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?)", sorted(before, key=lambda e: e[3]))
        _review_days_of_schema_8(conn)
        conn.execute(f"PRAGMA user_version = {schema}")
        last = conn.execute("SELECT MAX(seq) FROM events WHERE device = ?", (me,)).fetchone()[0]
        conn.execute("UPDATE device SET seq = ?", (last + 5,))  # a sync found five more of its own in the folder
    a.review("5\nq\n", day="2026-11-02")  # migrates, then one answer
    with a.db() as conn:
        after = conn.execute(f"SELECT {columns} FROM events ORDER BY key").fetchall()
        keys = conn.execute("SELECT key, seq, device = ? FROM events ORDER BY key", (me,)).fetchall()
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE tbl_name = 'events'")}
    assert after[:len(before)] == before  # b's events, then a's in order
    assert [e[2] for e in after[len(before):]] == [last + 6] and after[-1][0] == f"{me}:{last + 6}"
    assert [mine for _, _, mine in keys] == sorted(mine for _, _, mine in keys)  # this device's last
    assert all(k & ((1 << 40) - 1) == seq for k, seq, _ in keys)
    assert indexes == {"events", "events_subject"}  # no index on the ids nor on (device, seq)
    a.sync(day="2026-11-02")
    b.sync(day="2026-11-02")
    b.sync(day="2026-11-02")  # twice is once: nothing doubled
    a.sync(day="2026-11-02")
    with a.db() as conn:
        assert conn.execute(f"SELECT {columns} FROM events ORDER BY key").fetchall()[:len(after)] == after
    assert b.view("2026-11-02") == a.view("2026-11-02")
