"""Five years of evenings (issue 30): every command at 20,000 cards and 1M reviews, against
`studyxf --help` timed in the same run (medians, ratios).

The database is built with the store's own writes: the cards with the INSERT of Deck.enter_session,
each answer with Deck.answer's INSERT into the log and its UPDATE of the card (and its event, through
events.backfill, the migration's writer), run through executemany in large transactions (a minute or two instead of an hour of one-transaction answers).
200 sessions of 100 prompts each, entered one every 9 days over five years; ~1M answers spread over
them; 500 prompts then leave their sessions (the store's removal UPDATE), so 500 cards are removed.

Two scenarios on two copies of the same file:
- `gone`: the learner's session files are gone (the issue's case): the 20,000 cards are removed.
- `live`: the 200 sessions are in a sessions folder (STUDYXF_SESSIONS): the deck is live, cards are
  due today. The empty-database yardstick runs with the same folder, so content costs cancel.

Timed, each in a fresh process unless said: `--help` (the yardstick), `today --plain`, `today
--plain` on an empty database, `review --plain` to its first card (stdin `q`), `stats`, `stats
--json`, `cards --due`, all interleaved; `today --plain` as the first command of a study day (today's
backup and quick_check mark removed: the quick_check runs and the background backup job starts;
the job is waited for between runs); the first frame of `today` on an 80x24 pseudo-terminal
(benchmarks/startup.py's first_frame, marker: today's session id) interleaved with a bare Textual
app's; in process: one answer (median over 50, WAL, synchronous=FULL) and the backup as the
background job makes it (online copy, integrity_check, fsync, rename: what no command waits for).
Today's backup is made before the other runs, as on every start after the first of the day. Then
`studyxf sync DIR` carrying a day's events each way (sync_day). Last, once: migration 8 -> 9 on a
schema-8 copy of the big database (`studyxf stats`, whole; MIGRATION=0 skips it).

Run: python benchmarks/scale.py   (RUNS=7; KEEP=/tmp/dir keeps and reuses the built database)
"""

from __future__ import annotations

import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

RUNS = int(os.environ.get("RUNS", "7"))
SESSIONS, PROMPTS, REVIEWS, REMOVED = 200, 100, 1_000_000, 500
DAYS = 5 * 365


def write_sessions(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(SESSIONS):
        lines = [f"id: old-{k:03d}", f"order: {0.001 * (k + 1):.3f}", f'title: "Old topic {k}"', "kind: topic",
                 "agenda: [one]", "deep_dive:", "  - title: one", "    body: text", "recall:"]
        for p in range(PROMPTS):
            lines += [f"  - id: p{p:03d}", f'    prompt: "Question {p} of topic {k}?"', f'    answer: "Answer {p}."']
        (folder / f"old-{k:03d}.yaml").write_text("\n".join(lines) + "\n")


def build(home: Path) -> None:
    os.environ["STUDYXF_HOME"] = str(home)
    os.environ.pop("STUDYXF_NOW", None)
    from studyxf import clock
    from studyxf.srs import sm2
    from studyxf.store import db

    conn = db.connect()
    rng = random.Random(30)
    today = clock.study_day()
    start = today - timedelta(days=DAYS)
    per_card = REVIEWS // (SESSIONS * PROMPTS)
    card_insert = "INSERT INTO cards (id, session_id, position, kind, added_day) VALUES (?,?,?,?,?)"  # enter_session
    review_insert = ("INSERT INTO reviews (card_id, at, day, grade, reask, typed, seconds, practice, "  # answer()
                     "prev_reps, prev_ef_milli, prev_interval, prev_due, prev_last_day, prev_lapses, "
                     "prev_suspended, prev_leech, new_reps, new_ef_milli, new_interval, new_due, scale) "
                     "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)")
    card_update = ("UPDATE cards SET reps = ?, ef_milli = ?, interval = ?, due = ?, last_day = ?, "  # answer()
                   "lapses = ?, suspended = ?, leech = ?, fsrs = COALESCE(?, fsrs) WHERE id = ?")
    for k in range(SESSIONS):
        sid = f"old-{k:03d}"
        added = start + timedelta(days=k * DAYS // SESSIONS)
        cards, reviews, updates = [], [], []
        for p in range(PROMPTS):
            cid = f"{sid}/p{p:03d}"
            cards.append((cid, sid, (k + 1) * 10000 + p, "basic", added.isoformat()))
            span = (today - added).days
            days = sorted(rng.sample(range(span), min(span, per_card)))
            reps, ef, interval, due, last, lapses = 0, sm2.EF_START_MILLI, 0, None, None, 0
            for d in days:
                day = added + timedelta(days=d)
                q = rng.choice((2, 3, 4, 4, 5, 5))
                st = sm2.grade(sm2.CardState(reps, ef, min(interval, 180), due), q, day)  # capped: 50 answers in 5 years
                reviews.append((cid, f"{day.isoformat()}T20:00:00+00:00", day.isoformat(), q, 0, None, 6.0, 0,
                                reps, ef, interval, due and due.isoformat(), last, lapses, 0, 0,
                                st.repetitions, st.ef_milli, st.interval, st.due.isoformat(), "sm2"))
                lapses += q < 3 and due is not None
                reps, ef, interval, due, last = st.repetitions, st.ef_milli, st.interval, st.due, day.isoformat()
            due = today + timedelta(days=rng.randint(-20, 120))  # a live deck: some due today, most ahead
            updates.append((reps, ef, interval, due.isoformat(), last, lapses, 0, 0, None, cid))
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(card_insert, cards)
        conn.executemany(review_insert, reviews)
        conn.executemany(card_update, updates)
        conn.execute("INSERT OR REPLACE INTO session_progress (session_id, first_today, completed_at) "
                     "VALUES (?, ?, ?)", (sid, added.isoformat(), added.isoformat()))
        conn.execute("COMMIT")
    with db.transaction(conn):  # each answer is also an event (issue 29): the store's own backfill writes them
        from studyxf.store import events

        events.backfill(conn)
    removed = rng.sample(range(SESSIONS * PROMPTS), REMOVED)
    with db.transaction(conn):  # the store's removal of a prompt that left its session (enter_session)
        conn.executemany("UPDATE cards SET removed = 1, suspended = 1 WHERE id = ?",
                         [(f"old-{i // PROMPTS:03d}/p{i % PROMPTS:03d}",) for i in removed])
    with db.transaction(conn):  # the counts per day, as the commands' starts fold them in every 2000 answers
        from studyxf.store import days

        days.fold(conn)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.daily_backup(conn)
    conn.close()


def timed(cmd: list[str], env: dict, stdin: bytes | None = None) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, env=env, input=stdin, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t


def in_process(home: Path, sessions: Path | None) -> dict[str, float]:
    """One answer (median over 50) and the daily backup, in this process (fresh interpreter)."""
    code = f"""
import os, statistics, sys, time
os.environ["STUDYXF_HOME"] = {str(home)!r}
{"os.environ['STUDYXF_SESSIONS'] = " + repr(str(sessions)) if sessions else "os.environ.pop('STUDYXF_SESSIONS', None)"}
from studyxf.store import db
from studyxf.study import open_study
study = open_study(backup=False)
study.enter_today()
deck = study.deck
times = []
for _ in range(50):
    cid = deck.next_id()
    if cid is None:  # the day's limits reached (the `gone` deck holds only the shipped cards)
        break
    t = time.perf_counter(); deck.answer(cid, 4); times.append(time.perf_counter() - t)
t = time.perf_counter(); path = db.backup(study.conn, tag="scale-bench"); b = time.perf_counter() - t
path.unlink()
print(statistics.median(times), b)
"""  # the backup as the background job makes it (db._backup_locked under the lock): what no command waits for
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT))).stdout.split()
    return {"an answer (in process)": float(out[0]), "daily backup (background job)": float(out[1])}


def scenario(name: str, home: Path, empty: Path, sessions: Path | None) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(home))
    env.pop("STUDYXF_NOW", None)
    if sessions:
        env["STUDYXF_SESSIONS"] = str(sessions)
    else:
        env.pop("STUDYXF_SESSIONS", None)
    empty_env = dict(env, STUDYXF_HOME=str(empty))
    sx = [sys.executable, "-m", "studyxf"]
    commands = {
        "--help": ([*sx, "--help"], env, None),
        "today --plain": ([*sx, "today", "--plain"], env, None),
        "today --plain, empty db": ([*sx, "today", "--plain"], empty_env, None),
        "review: first card": ([*sx, "review", "--plain"], env, b"q\n"),
        "stats": ([*sx, "stats"], env, None),
        "stats --json": ([*sx, "stats", "--json"], env, None),
        "cards --due": ([*sx, "cards", "--due"], env, None),
    }
    for cmd, e, stdin in commands.values():  # warm: caches, migrations, today's backup, page cache
        timed(cmd, e, stdin)
    samples: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(RUNS):  # interleaved, so drift hits all alike
        for key, (cmd, e, stdin) in commands.items():
            samples[key].append(timed(cmd, e, stdin))
    # the first command of a study day: no backup yet today, so the quick_check and the start of the
    # background backup job (waited for between runs, so each run is a first one)
    first: list[float] = []
    backups = home / "backups"
    for _ in range(min(RUNS, 3)):
        for p in list(backups.glob("studyxf-????-??-??.sqlite3")) + [backups / ".checked", backups / ".failed"]:
            p.unlink(missing_ok=True)
        first.append(timed([*sx, "today", "--plain"], env))
        wait_for_backup(backups)
    samples["today --plain, first of the day"] = first
    # the first frame of `today` on an 80x24 pseudo-terminal against a bare Textual app (startup.py's)
    import startup

    tty = dict(env, TERM="xterm-256color")
    # today's session id, which the overview's first frame shows ("topic · session 1 · old-000 · today");
    # a marker drawn only later (another session's id, in a tab built after the first frame) would time
    # the tabs too: "revision-1" here measured 1.62x, the first frame itself 1.26x
    plain = subprocess.run([*sx, "today", "--plain"], env=env, capture_output=True, text=True).stdout
    marker = re.search(r"· ([a-z0-9][a-z0-9-]*) · today", plain).group(1).encode()
    tty.pop("NO_COLOR", None)
    ours, bare = [], []
    for _ in range(RUNS):
        ours.append(startup.first_frame([*sx, "today"], marker, tty))
        bare.append(startup.first_frame([sys.executable, "-c", startup.MINIMAL], b"hello, first frame", tty))
    samples["today: first frame"] = ours
    samples["bare Textual app: first frame"] = bare
    med = {k: statistics.median(v) for k, v in samples.items()}
    med.update(in_process(home, sessions))
    base = med["--help"]
    print(f"\n[{name}] medians of {RUNS} runs; ratios against `studyxf --help`")
    targets = {"stats": 3.0, "stats --json": 3.0, "review: first card": 2.0}
    for key, value in med.items():
        note = f"(target <= {targets[key]}x)" if key in targets else ""
        if key == "today --plain":
            note = f"(target <= empty db: {value / med['today --plain, empty db']:.2f}x of it)"
        if key == "today: first frame":
            note = f"(target <= 1.25x the bare app: {value / med['bare Textual app: first frame']:.2f}x)"
        print(f"  {key:<28} {value * 1000:8.1f} ms  {value / base:5.2f}x  {note}")


def wait_for_backup(backups: Path, seconds: float = 120.0) -> None:
    """Until the day's background backup job is done (it holds backups/.lock while it runs)."""
    import fcntl

    time.sleep(0.5)  # it takes the lock once its interpreter has started
    end = time.monotonic() + seconds
    with open(backups / ".lock", "a") as fh:
        while time.monotonic() < end:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                fcntl.flock(fh, fcntl.LOCK_UN)
                return
            except BlockingIOError:
                time.sleep(0.2)


def migration(master: Path, work: Path) -> None:
    """Schema 8 -> 9 on the big database, once, as a learner upgrading from the previous studyxf meets
    it: `studyxf stats`, whole (the log copied into the keyed table, review_days refilled)."""
    import sqlite3

    from studyxf.store import days

    home = work / "schema8"
    shutil.rmtree(home, ignore_errors=True)
    home.mkdir()
    shutil.copyfile(master / "studyxf.sqlite3", home / "studyxf.sqlite3")
    conn = sqlite3.connect(home / "studyxf.sqlite3", isolation_level=None)
    conn.execute("BEGIN")  # the layout schema 8 left: a log indexed by (device, seq), every answer counted
    for name in ("delete", "update"):
        conn.execute(f"DROP TRIGGER review_days_{name}")
    conn.execute("DROP TABLE review_days_upto")
    conn.execute("DELETE FROM review_days")
    conn.execute("ALTER TABLE review_days DROP COLUMN introduced")
    conn.execute("ALTER TABLE review_days DROP COLUMN first_id")
    conn.execute("INSERT INTO review_days SELECT day, COUNT(*), SUM(reask = 0), SUM(reask = 0 AND grade >= 3) "
                 "FROM reviews WHERE practice = 0 GROUP BY day")
    days.schema7_triggers(conn)
    conn.execute("CREATE INDEX reviews_day ON reviews (day)")
    conn.execute("CREATE TABLE events_8 (id TEXT NOT NULL, device TEXT NOT NULL, seq INTEGER NOT NULL, "
                 "ord TEXT NOT NULL, kind TEXT NOT NULL, subject TEXT, body TEXT NOT NULL)")
    conn.execute("INSERT INTO events_8 SELECT id, device, seq, ord, kind, CASE kind WHEN 'review' THEN "
                 "'card:' || json_extract(body, '$.card') ELSE subject END, body FROM events ORDER BY key")
    conn.execute("DROP TABLE events")
    conn.execute("DROP TABLE event_devices")
    conn.execute("ALTER TABLE events_8 RENAME TO events")
    conn.execute("CREATE UNIQUE INDEX events_device_seq ON events (device, seq)")
    conn.execute("CREATE INDEX events_subject ON events (subject, ord)")
    conn.execute("PRAGMA user_version = 8")
    conn.execute("COMMIT")
    conn.execute("VACUUM")  # as compact as the file schema 8 left
    conn.close()
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(home))
    env.pop("STUDYXF_NOW", None)
    env.pop("STUDYXF_SESSIONS", None)
    help_ = statistics.median(timed([sys.executable, "-m", "studyxf", "--help"], env) for _ in range(3))
    size = (home / "studyxf.sqlite3").stat().st_size
    t = timed([sys.executable, "-m", "studyxf", "stats"], env)
    print(f"\n[migration 8 -> 9] `studyxf stats` on the schema-8 copy ({size / 1e6:.0f} MB): {t:.2f} s "
          f"({t / help_:.0f}x --help), of it a verified backup first; the next `stats` runs at the figures above")
    wait_for_backup(home / "backups")
    shutil.rmtree(home)


EVENING = 200  # answers on each machine in the day a sync carries


def sync_day(master: Path, work: Path, sessions: Path) -> None:
    """`studyxf sync DIR` with a day's events, on the live deck: this machine answered EVENING cards
    today (Deck.answer) and the other machine EVENING more (its file in DIR); every earlier event is
    sent already (the device's `sent` mark set to its last number, as after yesterday's sync). Each
    run starts from a copy of that state; interleaved with `--help`."""
    home, folder = work / "sync", work / "sync-folder"
    pristine_db, pristine_folder = work / "sync-pristine.sqlite3", work / "sync-folder-pristine"
    for path in (home, folder, pristine_folder):
        shutil.rmtree(path, ignore_errors=True)
    shutil.copytree(master, home)
    env = dict(os.environ, PYTHONPATH=str(ROOT), STUDYXF_HOME=str(home), STUDYXF_SESSIONS=str(sessions))
    env.pop("STUDYXF_NOW", None)
    code = f"""
import json, random
from datetime import timedelta
from pathlib import Path
from studyxf import clock
from studyxf.store import db, events
from studyxf.study import open_study
study = open_study(backup=False)
conn = study.conn
db.daily_backup(conn, wait=True)  # today's, so that no command below starts the day's first backup
study.enter_today()
_, last = events.last(conn)
conn.execute("UPDATE device SET sent = ?, seq = MAX(seq, ?), out_file = 0, out_offset = 0", (last, last))
deck = study.deck
for _ in range({EVENING}):
    deck.answer(deck.next_id(), 4)
rng = random.Random(30)
cards = [c for (c,) in conn.execute("SELECT id FROM cards WHERE removed = 0 ORDER BY id")]
other, start = "fedcba9876543210", clock.now() - timedelta(hours=2)
lines = [json.dumps({{"id": f"{{other}}:1", "at": events.aware(start).isoformat(timespec="microseconds"),
                     "kind": "device", "name": "desktop"}}, separators=(",", ":"))]
for k, card in enumerate(rng.sample(cards, {EVENING})):
    at = events.aware(start + timedelta(seconds=7 * k))
    lines.append(json.dumps({{"id": f"{{other}}:{{k + 2}}", "at": at.isoformat(timespec="microseconds"),
                             "kind": "review", "card": card, "grade": rng.choice((3, 4, 4, 5)), "scale": "sm2",
                             "day": clock.study_day(start + timedelta(seconds=7 * k)).isoformat(), "typed": None,
                             "seconds": 6.0, "practice": False, "fuzz": 0}}, separators=(",", ":")))
Path({str(pristine_folder / "fedcba9876543210")!r}).mkdir(parents=True)
Path({str(pristine_folder / "fedcba9876543210" / "1.jsonl")!r}).write_text("\\n".join(lines) + "\\n")
conn.close()
"""
    subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=str(ROOT))
    shutil.copyfile(home / "studyxf.sqlite3", pristine_db)
    sx = [sys.executable, "-m", "studyxf"]
    syncs, helps, line = [], [], ""
    for _ in range(RUNS):
        for side in ("-wal", "-shm"):
            (home / f"studyxf.sqlite3{side}").unlink(missing_ok=True)
        shutil.copyfile(pristine_db, home / "studyxf.sqlite3")
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(pristine_folder, folder)
        helps.append(timed([*sx, "--help"], env))
        t = time.perf_counter()
        line = subprocess.run([*sx, "sync", str(folder)], env=env, check=True, capture_output=True,
                              text=True).stdout.strip()
        syncs.append(time.perf_counter() - t)
    base, took = statistics.median(helps), statistics.median(syncs)
    print(f"\n[sync] a day's events on the live deck, medians of {RUNS} runs: {took * 1000:.1f} ms, "
          f"{took / base:.2f}x `studyxf --help` ({base * 1000:.1f} ms)   [{line}]")
    for path in (home, folder, pristine_folder):
        shutil.rmtree(path, ignore_errors=True)
    pristine_db.unlink()


def main() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "studyxf")], check=True,
                   stdout=subprocess.DEVNULL)
    keep = os.environ.get("KEEP")
    work = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="studyxf-scale-"))
    master, sessions = work / "master", work / "sessions"
    if not (master / "studyxf.sqlite3").exists() and not any(master.glob("*.sqlite3")):
        t = time.perf_counter()
        write_sessions(sessions)
        build(master)
        size = sum(p.stat().st_size for p in master.glob("*.sqlite3*"))
        print(f"built {SESSIONS * PROMPTS} cards, {REVIEWS} reviews in {time.perf_counter() - t:.0f} s "
              f"({size / 1e6:.0f} MB) under {master}")
    for name, folder in (("gone", None), ("live", sessions)):
        home = work / name
        if home.exists():
            shutil.rmtree(home)
        shutil.copytree(master, home)
        empty = work / f"{name}-empty"
        shutil.rmtree(empty, ignore_errors=True)
        empty.mkdir()
        scenario(name, home, empty, folder)
        wait_for_backup(home / "backups")
    sync_day(master, work, sessions)
    if os.environ.get("MIGRATION", "1") == "1":
        migration(master, work)
    if not keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
