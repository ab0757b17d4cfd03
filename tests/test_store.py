import os
import signal
import sqlite3
import subprocess
import sys

from studyxf.store import db
from tests.conftest import ROOT


def test_fresh_database_pragmas(home):
    conn = db.connect()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_newer_database_is_refused_and_left_untouched(home, cli):
    home.mkdir(parents=True)
    path = home / "studyxf.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    res = cli("today", "--plain")
    assert res.returncode == 2
    assert res.stderr.startswith("studyxf: error: ") and "newer studyxf" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_corrupt_database_is_reported_never_overwritten(home, cli):
    home.mkdir(parents=True)
    path = home / "studyxf.sqlite3"
    path.write_bytes(b"this is not a database, it is my thesis" * 100)
    before = path.read_bytes()
    for args in (("today", "--plain"), ("review", "--plain"), ("cards", "--json")):
        res = cli(*args)
        assert res.returncode == 2, args
        assert "corrupt" in res.stderr and "restore from a backup" in res.stderr and "Traceback" not in res.stderr
        assert res.stdout == ""
    assert path.read_bytes() == before


def test_migration_takes_a_backup_first(home):
    home.mkdir(parents=True)
    path = home / "studyxf.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE old_notes (text)")
    conn.execute("INSERT INTO old_notes VALUES ('keep me')")
    conn.execute("PRAGMA user_version = 0")
    conn.commit()
    conn.close()
    # a version-0 file with content: treat as an old schema and migrate after a backup
    original = db.SCHEMA_VERSION
    try:
        db.SCHEMA_VERSION = 1
        db.connect().close()  # a database as studyxf's first schema left it
    finally:
        db.SCHEMA_VERSION = original
    c = sqlite3.connect(path)
    c.execute("INSERT INTO cards (id, session_id, position) VALUES ('s/x', 's', 1)")
    c.commit()
    c.close()
    conn = db.connect()  # migrates 1 -> current, after a backup
    assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert "cards_queue" in names and "cards_due" not in names
    assert conn.execute("SELECT id FROM cards").fetchall() == [("s/x",)]
    backups = list((home / "backups").glob(f"studyxf-before-migration-1-to-{db.SCHEMA_VERSION}.sqlite3"))
    assert backups
    b = sqlite3.connect(backups[0])
    assert b.execute("SELECT text FROM old_notes").fetchone() == ("keep me",)
    assert b.execute("PRAGMA user_version").fetchone()[0] == 1


def test_daily_backups_keep_the_last_seven(home, monkeypatch):
    conn = db.connect()
    for day in range(1, 11):
        monkeypatch.setenv("STUDYXF_NOW", f"2026-11-{day:02d}T20:00")
        db.daily_backup(conn)
    names = sorted(p.name for p in (home / "backups").glob("studyxf-2026-*.sqlite3"))
    assert names == [f"studyxf-2026-11-{d:02d}.sqlite3" for d in range(4, 11)]


def test_unwritable_data_dir_is_one_clear_line(tmp_path, cli):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    res = cli("today", "--plain", env={"STUDYXF_HOME": str(blocker / "home")})
    assert res.returncode == 2
    assert res.stderr.startswith("studyxf: error: ") and "Traceback" not in res.stderr


def _spawn_review(home):
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(home))
    return subprocess.Popen([sys.executable, "-m", "studyxf", "review", "--plain"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, env=env, cwd=str(ROOT), bufsize=1)


def test_sigkill_mid_review_loses_no_committed_answer(home):
    proc = _spawn_review(home)
    committed = []
    card = None
    while len(committed) < 5:
        line = proc.stdout.readline()
        if line.startswith("Q "):
            card = line.split()[1]
            proc.stdin.write("4\n")
            proc.stdin.flush()
        elif line.startswith("= "):
            committed.append(card)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    conn = sqlite3.connect(home / "studyxf.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = [r[0] for r in conn.execute("SELECT card_id FROM reviews ORDER BY id")]
    assert stored == committed
    for card_id in committed:
        reps, due = conn.execute("SELECT reps, due FROM cards WHERE id = ?", (card_id,)).fetchone()
        assert reps == 1 and due == "2026-11-30"


def test_two_review_processes_at_once_lose_nothing(home, cli):
    assert cli("cards").returncode == 0  # create the deck first
    procs = [_spawn_review(home), _spawn_review(home)]
    outs = [p.communicate("5\n" * 40 + "q\n", timeout=120)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    graded = sum(o.count("\n= 5 due") + o.startswith("= 5 due") for o in outs)
    conn = sqlite3.connect(home / "studyxf.sqlite3")
    assert conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == graded
    # every card answered once for real; a racing second answer is a logged re-ask
    n_real = conn.execute("SELECT COUNT(*) FROM reviews WHERE reask = 0").fetchone()[0]
    n_cards = conn.execute("SELECT COUNT(*) FROM cards").fetchone()[0]
    assert n_real == n_cards
    assert conn.execute("SELECT COUNT(*) FROM cards WHERE reps != 1").fetchone()[0] == 0


def test_a_transaction_keeps_all_of_its_writes_or_none(tmp_path, monkeypatch):
    """An answer's writes land together: a failure in the body, or in the commit itself (a deferred
    constraint), leaves nothing behind and no transaction open; database errors come out as one line."""
    import pytest

    from studyxf.errors import StoreError

    monkeypatch.setenv("STUDYXF_HOME", str(tmp_path))
    conn = sqlite3.connect(tmp_path / "t.db", isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("CREATE TABLE card (id INTEGER PRIMARY KEY)")
    conn.execute("CREATE TABLE answer (card INTEGER REFERENCES card (id) DEFERRABLE INITIALLY DEFERRED)")
    with db.transaction(conn) as same:
        same.execute("INSERT INTO card VALUES (1)")
        conn.execute("INSERT INTO answer VALUES (1)")
    with pytest.raises(KeyError):
        with db.transaction(conn):
            conn.execute("INSERT INTO card VALUES (2)")
            raise KeyError("s1/c9")
    with pytest.raises(StoreError):
        with db.transaction(conn):
            conn.execute("INSERT INTO card VALUES (3)")
            conn.execute("INSERT INTO card VALUES (1)")  # a duplicate: fails in the body
    with pytest.raises(StoreError):
        with db.transaction(conn):
            conn.execute("INSERT INTO card VALUES (4)")
            conn.execute("INSERT INTO answer VALUES (99)")  # no such card: fails only at COMMIT
    assert not conn.in_transaction
    assert conn.execute("SELECT id FROM card").fetchall() == [(1,)]
    assert conn.execute("SELECT card FROM answer").fetchall() == [(1,)]


def test_a_long_evening_of_answers_keeps_the_wal_near_a_megabyte(home):
    """The WAL starts again from its beginning every 250 pages (~1 MB; SQLite's default is 1000): while
    the file grows, each answer's commit also pays the file system's journal."""
    from pathlib import Path

    from studyxf import paths
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    deck = study.deck
    card = deck.next_id()
    page = deck.conn.execute("PRAGMA page_size").fetchone()[0]
    wal = Path(f"{paths.database()}-wal")
    frames = []
    for _ in range(400):
        deck.answer(card, 4, practice=True)
        frames.append((wal.stat().st_size - 32) // (page + 24))
    # 3 pages an answer: 1200 in all, and the file (written again from its start) reached 250 and no more
    assert 250 <= max(frames) <= 260, max(frames)
