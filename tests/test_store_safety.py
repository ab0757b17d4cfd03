"""The store keeps the history safe (DESIGN.md): a damaged file is refused and never becomes a
backup, backups are verified and the newest good one kept, storage errors are named for what they
are, and `studyxf backup` lists and restores."""

import contextlib
import sqlite3
import subprocess

import pytest

from studyxf.store import db


def _answer_cards(cli, day: str, n: int = 6) -> None:
    res = cli("review", "--plain", input="4\n" * n + "q\n", env={"STUDYXF_NOW": f"{day}T20:00"})
    assert res.returncode == 0, res.stderr


def _damage_reviews_page(path) -> None:
    """Overwrite the reviews table's root page (not the header page): a damaged page, as a failing disk leaves it."""
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'reviews'").fetchone()[0]
    page = conn.execute("PRAGMA page_size").fetchone()[0]
    conn.close()
    data = bytearray(path.read_bytes())
    data[(root - 1) * page:(root - 1) * page + 200] = b"\x55" * 200
    path.write_bytes(bytes(data))


def test_a_damaged_page_keeps_the_good_backups_refuses_every_write_and_restores(home, cli):
    for day in ("2026-11-20", "2026-11-21", "2026-11-22"):
        _answer_cards(cli, day)
    path = home / "studyxf.sqlite3"
    _damage_reviews_page(path)
    damaged = path.read_bytes()
    good_before = sorted(p.name for p in (home / "backups").glob("studyxf-*.sqlite3"))
    for day in range(23, 32):  # nine days of trying: nothing rotates the good backups away
        for args in (("today", "--plain"), ("complete",), ("review", "--plain"), ("stats",)):
            res = cli(*args, env={"STUDYXF_NOW": f"2026-11-{day:02d}T20:00" if day <= 30 else "2026-12-01T20:00"})
            assert res.returncode == 2, (args, res.stderr)
            lines = res.stderr.strip().splitlines()
            assert len(lines) == 1 and "corrupt" in lines[0] and "backup --restore" in lines[0], res.stderr
    assert path.read_bytes() == damaged
    assert sorted(p.name for p in (home / "backups").glob("studyxf-*.sqlite3")) == good_before
    listed = cli("backup", "--list")
    assert listed.returncode == 0 and "2026-11-22" in listed.stdout and "DAMAGED" not in listed.stdout
    res = cli("backup", "--restore", "2026-11-22")
    assert res.returncode == 0, res.stderr
    assert (home / "studyxf.sqlite3.bad").read_bytes() == damaged
    res = cli("cards", "--json", env={"STUDYXF_NOW": "2026-12-01T20:00"})
    assert res.returncode == 0, res.stderr
    res = cli("today", "--plain", env={"STUDYXF_NOW": "2026-12-01T20:00"})
    assert res.returncode == 0, res.stderr


def test_a_damaged_backup_never_joins_the_rotation(home, monkeypatch):
    conn = db.connect()
    monkeypatch.setattr(db, "check", lambda c: "*** in database main *** Page 7: btreeInitPage() returns error code 11")
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-05T20:00")
    db.daily_backup(conn)
    assert not list((home / "backups").glob("studyxf-2026-11-05*"))


def test_an_empty_or_missing_database_with_backups_is_not_replaced(home, cli):
    assert cli("today", "--plain").returncode == 0
    path = home / "studyxf.sqlite3"
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(FileNotFoundError):
            (home / f"studyxf.sqlite3{suffix}").unlink()
    path.write_bytes(b"")
    res = cli("today", "--plain")
    assert res.returncode == 2 and "is empty but backups exist" in res.stderr and path.read_bytes() == b""
    path.unlink()
    res = cli("review", "--plain", input="q\n")
    assert res.returncode == 2 and "is missing but backups exist" in res.stderr and not path.exists()


def _mount(*args) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@pytest.fixture
def mounted(tmp_path):
    made = []

    def mount(*args):
        if not _mount(*args):
            pytest.skip("cannot mount here (needs root and mount rights)")
        made.append(args[-1])
    yield mount
    for target in reversed(made):
        subprocess.run(["umount", "-l", target], capture_output=True)


def test_a_read_only_data_directory_is_named_and_the_file_untouched(home, cli, tmp_path, mounted):
    assert cli("today", "--plain").returncode == 0
    ro = tmp_path / "ro"
    ro.mkdir()
    mounted("--bind", str(home), str(ro))
    mounted("-o", "remount,bind,ro", str(ro))
    before = (home / "studyxf.sqlite3").read_bytes()
    res = cli("complete", env={"STUDYXF_HOME": str(ro)})
    assert res.returncode == 2 and "read-only" in res.stderr and "corrupt" not in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
    assert (home / "studyxf.sqlite3").read_bytes() == before


def test_a_full_disk_is_named_and_nothing_is_lost(cli, tmp_path, mounted):
    small = tmp_path / "small"
    small.mkdir()
    mounted("-t", "tmpfs", "-o", "size=2m", "tmpfs", str(small))
    env = {"STUDYXF_HOME": str(small / "home"), "STUDYXF_NOW": "2026-11-29T20:00"}
    assert cli("today", "--plain", env=env).returncode == 0
    with open(small / "filler", "wb", buffering=0) as fh:  # fill what is left
        with contextlib.suppress(OSError):
            while True:
                fh.write(b"\0" * 4096)
    res = cli("review", "--plain", input="4\n" * 30 + "q\n", env=env)
    assert "Traceback" not in res.stderr
    assert res.returncode == 2 and "no space left" in res.stderr and "corrupt" not in res.stderr, res.stderr
    (small / "filler").unlink()
    conn = sqlite3.connect(small / "home" / "studyxf.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    assert cli("review", "--plain", input="4\nq\n", env=env).returncode == 0


def test_a_lock_held_past_the_busy_timeout_is_named(home, cli, monkeypatch):
    assert cli("today", "--plain").returncode == 0
    holder = sqlite3.connect(home / "studyxf.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        res = cli("complete", env={"STUDYXF_BUSY_TIMEOUT": "1"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert res.returncode == 2 and "another studyxf is writing" in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_backup_list_and_restore_by_name(home, cli):
    assert cli("backup").stdout.startswith("no backups yet")
    assert cli("today", "--plain").returncode == 0
    res = cli("backup", "--restore", "1999-01-01")
    assert res.returncode == 2 and "no backup matches" in res.stderr


# -- the daily backup of a large database, in the background (issue 30) -------------------------------
def _wait_for(path, seconds=60.0):
    import time

    end = time.monotonic() + seconds
    while not path.exists() and time.monotonic() < end:
        time.sleep(0.05)
    return path.exists()


def test_a_large_database_is_backed_up_by_a_process_of_its_own(home, cli):
    big = {"STUDYXF_BACKUP_INLINE_BYTES": "0"}  # every database counts as large
    assert cli("review", "--plain", input="4\n4\nq\n").returncode == 0  # a first, inline, backup
    first = home / "backups" / "studyxf-2026-11-29.sqlite3"
    assert first.exists()
    day = home / "backups" / "studyxf-2026-11-30.sqlite3"
    with db._backup_lock():  # as if the day's job were running: the command does not wait for it
        res = cli("review", "--plain", input="4\nq\n", env={**big, "STUDYXF_NOW": "2026-11-30T20:00"})
        assert res.returncode == 0, res.stderr
        assert not day.exists()
    res = cli("today", "--plain", env={**big, "STUDYXF_NOW": "2026-11-30T20:00"})
    assert res.returncode == 0, res.stderr
    assert _wait_for(day)
    assert db.check_file(day) == "ok" and db.check_file(first) == "ok"
    copy = sqlite3.connect(day)
    live = sqlite3.connect(home / "studyxf.sqlite3")
    assert copy.execute("SELECT COUNT(*) FROM reviews").fetchone() == live.execute(
        "SELECT COUNT(*) FROM reviews").fetchone()
    copy.close(), live.close()
    assert not [p for p in (home / "backups").iterdir() if "tmp" in p.name]


def test_a_killed_backup_job_never_leaves_a_broken_backup(home, cli):
    import os
    import random
    import sys
    import time

    from tests.conftest import ROOT

    assert cli("review", "--plain", input="4\n" * 5 + "q\n").returncode == 0
    folder = home / "backups"
    good = {p.name: p.read_bytes() for p in folder.glob("studyxf-*.sqlite3")}
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    target = folder / "studyxf-2026-11-30.sqlite3"
    rng = random.Random(30)
    for _ in range(12):
        target.unlink(missing_ok=True)
        job = subprocess.Popen([sys.executable, "-m", "studyxf.store.daily", "2026-11-30"], env=env)
        time.sleep(rng.uniform(0.0, 0.4))
        job.kill()
        job.wait()
        for p in folder.glob("studyxf-*.sqlite3"):  # whatever is there is whole
            assert db.check_file(p) == "ok", p
        assert {n: (folder / n).read_bytes() for n in good} == good
    target.unlink(missing_ok=True)
    assert subprocess.run([sys.executable, "-m", "studyxf.store.daily", "2026-11-30"], env=env).returncode == 0
    assert db.check_file(target) == "ok"
    assert not [p for p in folder.iterdir() if "tmp" in p.name]  # a killed job's temporary file is cleared


def test_a_failed_background_backup_is_not_started_again_the_same_day(home, monkeypatch):
    import os

    db.connect().close()
    monkeypatch.setattr(db, "INLINE_BACKUP_BYTES", -1)
    started = []
    monkeypatch.setattr(os, "posix_spawn", lambda *a, **k: started.append(a) or os.getpid())
    monkeypatch.setattr(db, "_reap", lambda pid: None)
    conn = db.connect()
    db.daily_backup(conn)
    assert len(started) == 1 and started[0][1][-1] == "2026-11-29"
    db._write_marker(db._failed_file(), "2026-11-29")  # what the job leaves when its backup failed
    db.daily_backup(conn)
    assert len(started) == 1
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-30T20:00")  # tried again the next day
    db.daily_backup(conn)
    assert len(started) == 2
    conn.close()


def test_the_quick_check_runs_once_a_study_day_even_before_the_backup_exists(home, monkeypatch):
    db.connect().close()
    checks = []
    real = db._quick_check
    monkeypatch.setattr(db, "_quick_check", lambda c, p: checks.append(p) or real(c, p))
    db.connect().close()  # no backup today (none was made): checked, and marked
    db.connect().close()
    assert len(checks) == 1
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-30T20:00")
    db.connect().close()
    assert len(checks) == 2
