"""Opening the database: pragmas, schema version checks, forward migrations and rolling backups.

The version check uses the standard sqlite3 module; sqlite-utils (0.17 s to import) is loaded
only when a schema has to be created or migrated, so start-up stays fast.
"""

from __future__ import annotations

import os
import sqlite3
import weakref
from contextlib import contextmanager
from pathlib import Path

from studyxf import clock, paths
from studyxf.store import days
from studyxf.errors import StoreError

SCHEMA_VERSION = 10
BACKUPS_KEPT = 7
# how long a writer waits for another process's lock; STUDYXF_BUSY_TIMEOUT (seconds) shortens it in tests
BUSY_TIMEOUT_S = int(os.environ.get("STUDYXF_BUSY_TIMEOUT", "30"))
# The WAL is checkpointed (and starts again at its beginning) at 250 pages, not SQLite's 1000. A process
# starts with an empty WAL (the last connection to close deletes it), and while it grows, each commit's
# fdatasync also commits the file system's journal for the new blocks: ~100-140 us more per answer, for
# the first 150 answers at 1000 pages (6-7 pages an answer), that is for all of a learner's evening.
# At 250 pages: answers 1-150 of a fresh process on 20k cards, median 0.25 ms instead of 0.42, mean
# 0.32 instead of 0.45 (checkpoints included); 1500 answers in one process, the same (issue 30)
WAL_CHECKPOINT_PAGES = 250
_HEADER = b"SQLite format 3\x00"
RESTORE = "restore from a backup: studyxf backup --list, then studyxf backup --restore NAME"


def storage_error(exc: BaseException, path: Path | None = None) -> StoreError:
    """One line that names what went wrong with the database, not 'corrupt' for everything:
    damaged, read-only, disk full, locked too long, cannot open."""
    path = path or paths.database()
    text = str(exc)
    low = text.lower()
    if isinstance(exc, OSError) and exc.errno == 28 or "disk is full" in low or "disk full" in low or \
            ("disk i/o error" in low and _nearly_full(path)):
        return StoreError(f"{path}: no space left: nothing was lost (the last action was not saved) - free some "
                          f"space and run it again")
    unwritable = path.parent.is_dir() and not os.access(path.parent, os.W_OK)
    if "readonly" in low or "read-only" in low or isinstance(exc, PermissionError) or \
            ("unable to open" in low and unwritable):
        return StoreError(f"{path.parent}: the data directory is read-only (or not yours): nothing was written - "
                          f"make it writable, or point STUDYXF_HOME elsewhere")
    if "locked" in low or "busy" in low:
        return StoreError(f"{path}: another studyxf is writing (the database stayed locked for more than "
                          f"{BUSY_TIMEOUT_S} s): nothing was written - try again when it has finished")
    if "malformed" in low or "not a database" in low or "corrupt" in low:
        return StoreError(f"{path}: the database is corrupt ({text}); it was not written to - {RESTORE}")
    if "unable to open" in low:
        return StoreError(f"{path}: cannot open the database ({text}): is the data directory there and writable?")
    if "disk i/o error" in low:
        return StoreError(f"{path}: the disk failed a read or write ({text}): nothing was written - check the "
                          f"device, then `studyxf backup --list`")
    return StoreError(f"{path}: database error: {text}; nothing was written")


def _nearly_full(path: Path) -> bool:
    """SQLite reports a write that found no room as an I/O error when the WAL index cannot grow."""
    import shutil

    try:
        return shutil.disk_usage(path.parent).free < 1024 * 1024
    except OSError:
        return False


def _migrate_1(db) -> None:
    """The first schema: session progress, timers, cards, the review log, drill attempts."""
    db["session_progress"].create({
        "session_id": str, "first_today": str, "completed_at": str, "flagged": int,
        "flag_note": str, "notes": str, "notes_updated": str}, pk="session_id",
        defaults={"flagged": 0, "notes": ""}, not_null={"flagged", "notes"})
    db["checks"].create({"session_id": str, "kind": str, "item": int, "checked_at": str},
                        pk=("session_id", "kind", "item"))
    db["journal"].create({"session_id": str, "surprised": str, "unclear": str, "read_next": str,
                          "updated_at": str}, pk="session_id")
    db["timers"].create({"key": str, "session_id": str, "started_at": str, "running_since": str,
                         "accumulated_s": float, "hint_seen_at": str, "editorial_seen_at": str},
                        pk="key", defaults={"accumulated_s": 0.0}, not_null={"accumulated_s"})
    db["timer_log"].create({"id": int, "key": str, "event": str, "at": str, "elapsed_s": float}, pk="id")
    db["cards"].create({
        "id": str, "session_id": str, "position": int, "kind": str, "added_day": str,
        "reps": int, "ef_milli": int, "interval": int, "due": str, "last_day": str, "lapses": int,
        "suspended": int, "removed": int, "leech": int, "flag": str, "buried_until": str},
        pk="id", defaults={"reps": 0, "ef_milli": 2500, "interval": 0, "lapses": 0, "suspended": 0,
                           "removed": 0, "leech": 0},
        not_null={"session_id", "position", "reps", "ef_milli", "interval", "lapses", "suspended",
                  "removed", "leech"})
    db["cards"].create_index(["suspended", "due"], index_name="cards_due")
    db["reviews"].create({
        "id": int, "card_id": str, "at": str, "day": str, "grade": int, "reask": int, "typed": str,
        "seconds": float, "practice": int,
        "prev_reps": int, "prev_ef_milli": int, "prev_interval": int, "prev_due": str,
        "prev_last_day": str, "prev_lapses": int, "prev_suspended": int, "prev_leech": int,
        "new_reps": int, "new_ef_milli": int, "new_interval": int, "new_due": str},
        pk="id", foreign_keys=[("card_id", "cards", "id")], defaults={"practice": 0})
    db["reviews"].create_index(["card_id", "day"], index_name="reviews_card_day")
    db["reviews"].create_index(["day"], index_name="reviews_day")
    db["drill_attempts"].create({
        "id": int, "drill": str, "at": str, "file": str, "status": str, "framework": str,
        "failing": str, "diagnosis": str, "seconds": float, "hints_used": int}, pk="id")


def _migrate_2(db) -> None:
    """The review queue reads cards in (due, position, id) order: an index in that order lets
    SQLite stop after the daily limit instead of sorting every due card (1M-card decks)."""
    db["cards"].create_index(["suspended", "due", "position", "id"], index_name="cards_queue")
    db.execute("DROP INDEX IF EXISTS cards_due")


def _migrate_3(db) -> None:
    """Drills join spaced repetition: each passed drill is rescheduled, SM-2, to be written again."""
    db["drill_schedule"].create({"drill": str, "reps": int, "ef_milli": int, "interval": int, "due": str,
                                 "last_day": str, "last_quality": int}, pk="drill")


def _migrate_4(db) -> None:
    """Hints are recorded when shown (from the command line or the drill screen), not only when graded."""
    db["drill_hints"].create({"drill": str, "shown": int, "at": str}, pk="drill", defaults={"shown": 0})


def _migrate_5(db) -> None:
    """FSRS beside SM-2: each answer logs the scale of its grade (sm2 0-5, fsrs 1-4); cards and drills
    keep FSRS's memory state (rebuilt from the log when needed); `settings` records which
    scheduler computed the stored schedules, so a switch rebuilds them from the log."""
    db.execute("ALTER TABLE reviews ADD COLUMN scale TEXT NOT NULL DEFAULT 'sm2'")
    db.execute("ALTER TABLE cards ADD COLUMN fsrs TEXT")
    db.execute("ALTER TABLE drill_schedule ADD COLUMN fsrs TEXT")
    db["settings"].create({"key": str, "value": str}, pk="key")
    db["settings"].insert({"key": "scheduler", "value": "sm2"})


def _migrate_6(db) -> None:
    """Two machines, one history: a random device id and name, the event log (every change is also an
    event, written in the same transaction), and how far each other device's sync files were read.
    The history written so far becomes this device's first events, so a first sync sends it."""
    from studyxf.store import events

    events.create_tables(db.conn)
    events.backfill(db.conn)


def _migrate_7(db) -> None:
    """Five years of evenings (issue 30): `stats` reads per-day aggregates instead of scanning every
    review, and the deck's cards of one session are found by index. One pass over the log fills
    the aggregates (one GROUP BY insert: about a second at 1M reviews); triggers keep them exact after."""
    conn = db.conn
    conn.execute("CREATE TABLE review_days (day TEXT PRIMARY KEY, reviews INTEGER NOT NULL, "
                 "graded INTEGER NOT NULL, recalled INTEGER NOT NULL)")
    counts = ("practice = 0", "practice = 0 AND reask = 0",
              "practice = 0 AND reask = 0 AND CASE scale WHEN 'fsrs' THEN grade >= 2 ELSE grade >= 3 END")
    # NOT INDEXED: one pass over the table and a sort (0.7 s at 1M reviews) beats visiting the rows in
    # the order of reviews_day, one lookup each (1.6-2.2 s)
    conn.execute("INSERT INTO review_days (day, reviews, graded, recalled) SELECT day, "
                 f"{', '.join(f'SUM({c})' for c in counts)} FROM reviews NOT INDEXED WHERE practice = 0 GROUP BY day")
    days.schema7_triggers(conn)
    conn.execute("CREATE INDEX cards_session ON cards (session_id, removed)")


def _migrate_8(db) -> None:
    """An answer as fast as Anki's (issue 30): the event log keyed by (device number, sequence number)
    in one integer, without the unique index on its ids nor the one on (device, seq) (events.keyed).
    The table is copied once (SQLite drops no constraint in place)."""
    from studyxf.store import events

    events.keyed(db.conn)


def _migrate_9(db) -> None:
    """An answer as fast as Anki's (issue 30): an answer no longer counts itself into review_days
    (the reads add the log's tail, folded in now and then: store/days.py), and the daily limits and
    re-asks read today's answers from review_days and the log's tail, so the index on reviews.day goes:
    two B-trees fewer written by every answer. One pass over the log refills review_days."""
    from studyxf.store import events

    days.install(db.conn)
    events.keyed(db.conn)  # a log that an earlier migration 8 copied without keys


def _migrate_10(db) -> None:
    """Mistake cards (issue 47): a verified slip becomes a card `mistakes/<slip>` whose text has no session
    file to come from, so it is kept here, as its creation event gave it (srs/mistakes.py)."""
    # IF NOT EXISTS: a file whose version was set back by hand (the tests' older schemas) keeps its table
    db.execute("CREATE TABLE IF NOT EXISTS mistake_cards (card_id TEXT PRIMARY KEY, slip TEXT NOT NULL, drill TEXT NOT NULL, "
               "prompt TEXT NOT NULL, answer TEXT NOT NULL, day TEXT NOT NULL, line INTEGER, code TEXT, "
               "event TEXT)")


MIGRATIONS = {1: _migrate_1, 2: _migrate_2, 3: _migrate_3, 4: _migrate_4, 5: _migrate_5, 6: _migrate_6,
              7: _migrate_7, 8: _migrate_8, 9: _migrate_9, 10: _migrate_10}


def _check_file(path: Path) -> None:
    import os
    import stat

    try:  # a FIFO or a device here would block the open or the read: judged without reading it
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise StoreError(f"{path}: not a regular file, so not a database; it was left untouched - {RESTORE}")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise StoreError(f"{path}: not a regular file, so not a database; it was left untouched - {RESTORE}")
            head = os.read(fd, 16)
        finally:
            os.close(fd)
    except OSError as exc:
        raise StoreError(f"{path}: cannot read the database: {exc.strerror or exc}") from None
    if head and head != _HEADER:
        raise StoreError(f"{path}: not a SQLite database (corrupt?); it was left untouched - {RESTORE}")


def _version(conn: sqlite3.Connection, path: Path) -> int:
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise storage_error(exc, path) from None


class _Connection(sqlite3.Connection):
    """sqlite3's connection, which a weak set can hold (the base class cannot be weakly referred to)."""


_OPEN: "weakref.WeakSet[_Connection]" = weakref.WeakSet()


def close_all() -> None:
    """Close the learner's database wherever it is still open: a command that leaves without the
    interpreter's teardown (entry.leave) checkpoints the WAL into the file as a normal exit does,
    so a copy of studyxf.sqlite3 alone holds every change."""
    for conn in list(_OPEN):
        try:
            conn.close()
        except sqlite3.Error:
            pass


def connect(path: Path | None = None) -> sqlite3.Connection:
    """Open (creating or migrating if needed) the learner's database. A missing or empty file where
    backups exist is not replaced by an empty one; on the first open of a study day (no backup yet
    today) the file gets PRAGMA quick_check, and a damaged one is refused before anything is written."""
    path = path or paths.database()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"{path.parent}: cannot create the data directory: {exc.strerror or exc}") from None
    if path.exists() or path.is_symlink():  # a FIFO or device (size 0) is refused here, not opened by SQLite
        _check_file(path)
    existed = path.exists() and path.stat().st_size > 0
    if not existed and good_backups():
        what = "is empty" if path.exists() else "is missing"
        raise StoreError(f"{path} {what} but backups exist: it was not replaced by an empty one - {RESTORE} "
                         f"(or move {paths.backups()} aside to start afresh)")
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False,
                               factory=_Connection)
    except sqlite3.Error as exc:
        raise storage_error(exc, path) from None
    _OPEN.add(conn)
    try:
        version = _version(conn, path)
        if version > SCHEMA_VERSION:
            raise StoreError(f"{path}: written by a newer studyxf (schema {version}; this version knows "
                             f"{SCHEMA_VERSION}); it was left untouched - upgrade studyxf")
        if existed and not _todays_backup().exists() and not _checked_today():
            _quick_check(conn, path)
            _mark_checked()
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_S * 1000}")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_CHECKPOINT_PAGES}")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.Error as exc:
        conn.close()
        raise storage_error(exc, path) from None
    except StoreError:
        conn.close()
        raise
    if version < SCHEMA_VERSION:
        _migrate(conn, path, version, existed)
    _fold(conn)
    return conn


def _fold(conn: sqlite3.Connection) -> None:
    """Fold the review log's tail into review_days once it is long (days.FOLD_AFTER), if the write
    lock is free now: a command never waits on another's transaction for this, and a read-only
    data directory is left as it is (the reads add the tail)."""
    try:
        if days.tail(conn) <= days.FOLD_AFTER:
            return
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            with transaction(conn):
                days.fold(conn)
        finally:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_S * 1000}")
    except (sqlite3.Error, StoreError):
        pass


def _checked_file() -> Path:
    return paths.backups() / ".checked"


def _checked_today() -> bool:
    """The file passed today's quick_check already: the day's backup, made in the background for a
    large database, may not be there yet, and the check (0.65 s at 751 MB) is not repeated meanwhile."""
    return _read_marker(_checked_file()) == clock.study_day().isoformat()


def _mark_checked() -> None:
    _write_marker(_checked_file(), clock.study_day().isoformat())  # if it fails: checked again next start


def _read_marker(path: Path) -> str | None:
    """A day written by _write_marker; None if there is none (a FIFO or a giant there is not read)."""
    from studyxf import safefile

    try:
        return safefile.read_text(path, 64).strip()
    except (OSError, ValueError):
        return None


def _write_marker(path: Path, text: str) -> None:
    """A few bytes into a regular file of ours, never through a link or into a FIFO left at that name."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
    except OSError:
        return
    try:
        import stat

        if stat.S_ISREG(os.fstat(fd).st_mode):
            os.ftruncate(fd, 0)
            os.write(fd, (text + "\n").encode())
    except OSError:
        pass
    finally:
        os.close(fd)


def _quick_check(conn: sqlite3.Connection, path: Path) -> None:
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        raise StoreError(f"{path}: the database is corrupt ({rows[0][0]}); it was not written to - {RESTORE}")


# what an update takes, in seconds per GB of database, measured at 716 MB (20k cards, 1M reviews) on a
# 2-core machine: the verified backup 6.2 s; the log copied into the keyed table (events.keyed: migration
# 8, or 9 after an earlier 8) 11.2 s with its commit; review_days refilled (migration 9) 1.45 s; the
# others under a second
_SECONDS_PER_GB = {"backup": 8.7, "log": 15.6, 9: 2.0}


def _migrate(conn: sqlite3.Connection, path: Path, version: int, existed: bool) -> None:
    import sqlite_utils

    if existed and version > 0:
        size = _size(path)
        # seconds, once: the learner is told why the command waits, and about how long
        if size > INLINE_BACKUP_BYTES:
            import sys

            seconds = size / 1e9 * (_SECONDS_PER_GB["backup"] + (_SECONDS_PER_GB["log"] if version < 9 else 0) + sum(
                _SECONDS_PER_GB.get(target, 0.0) for target in range(version + 1, SCHEMA_VERSION + 1)))
            print(f"studyxf: note: updating the database for this version of studyxf (schema {version} -> "
                  f"{SCHEMA_VERSION}, {size / 1e6:.0f} MB): a verified backup first, then the update; "
                  f"about {max(1, round(seconds))} s, once", file=sys.stderr, flush=True)
        backup(conn, tag=f"before-migration-{version}-to-{SCHEMA_VERSION}")
    db = sqlite_utils.Database(conn)
    try:
        conn.execute("BEGIN IMMEDIATE")
        current = conn.execute("PRAGMA user_version").fetchone()[0]  # another process may have won
        for target in range(current + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[target](db)
            conn.execute(f"PRAGMA user_version = {target}")
        conn.execute("COMMIT")
    except sqlite3.Error as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise StoreError(f"{path}: cannot update the database schema: {exc}") from None


class transaction:
    """One durable unit of work: BEGIN IMMEDIATE takes the write lock up front, so a second
    process waits (busy timeout) instead of failing with 'database is locked' half-way. A class, not
    a generator: each answer enters one, and contextlib's machinery was ~0.8 us of it (issue 30)."""

    __slots__ = ("conn",)

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection:
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise storage_error(exc) from None
        return self.conn

    def __exit__(self, kind, exc, tb) -> bool:
        conn = self.conn
        if kind is None:
            try:
                conn.execute("COMMIT")
                return False
            except BaseException as failed:  # the commit itself failed: undone below, like the body
                exc = failed
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the rollback of a failed commit: the journal restores the file on the next open
        if isinstance(exc, sqlite3.Error):
            raise storage_error(exc) from None
        if kind is None:
            raise exc
        return False


@contextmanager
def _backup_lock(wait: bool = True):
    """One backup at a time per data directory (a daily job in the background, a migration's, an
    inline one): flock on backups/.lock. Yields False when `wait` is off and another holds it."""
    import fcntl

    folder = paths.backups()
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / ".lock", os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)


def backup(conn: sqlite3.Connection, tag: str | None = None) -> Path | None:
    """Copy the database into backups/ (online backup API: consistent even while in use). The copy
    joins the folder only if PRAGMA integrity_check passes on it: a damaged file never becomes a backup.
    It is written under a temporary name, synced to disk, and renamed: a process killed (or a machine
    that loses power) half-way leaves a stray temporary file, never a broken backup in a good one's place."""
    try:
        with _backup_lock():
            return _backup_locked(conn, tag or clock.study_day().isoformat())
    except OSError:
        return None


def _backup_locked(conn: sqlite3.Connection, tag: str) -> Path | None:
    try:
        folder = paths.backups()
        name = f"studyxf-{tag}.sqlite3"
        target = folder / name
        for stray in folder.glob("studyxf-*.sqlite3.*tmp*"):  # a killed backup's: only the lock's holder writes here
            stray.unlink(missing_ok=True)
        tmp = folder / f"{name}.{os.getpid()}.tmp"
        dest = sqlite3.connect(tmp)
        try:
            with dest:
                conn.backup(dest)  # one step: one read transaction over the whole copy, so no restart
            dest.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal beside it
            ok = check(dest) == "ok"
        finally:
            dest.close()
        if not ok:
            tmp.unlink()
            return None
        _fsync(tmp)
        tmp.replace(target)
        _fsync(folder)
    except (OSError, sqlite3.Error):
        return None  # a backup that cannot be written must not stop the evening's work
    return target


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def check(conn: sqlite3.Connection) -> str:
    """'ok', or the first problem PRAGMA integrity_check reports."""
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.Error as exc:
        return str(exc)
    return "ok" if rows == [("ok",)] else str(rows[0][0])


def check_file(path: Path) -> str:
    """integrity_check of a file opened read-only (a backup is never written by checking it)."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as exc:
        return str(exc)
    try:
        return check(conn)
    finally:
        conn.close()


def daily_backups() -> list[Path]:
    return sorted(paths.backups().glob("studyxf-????-??-??.sqlite3"))


def good_backups() -> list[Path]:
    """Every backup file (daily and before migrations) that is not empty."""
    folder = paths.backups()
    if not folder.is_dir():
        return []
    return [p for p in sorted(folder.glob("studyxf-*.sqlite3")) if p.stat().st_size > 0]


def _todays_backup() -> Path:
    return paths.backups() / f"studyxf-{clock.study_day().isoformat()}.sqlite3"


# a database larger than this is backed up by a process of its own, so no command waits for it; a smaller
# one (a copy in well under 0.1 s) inline. STUDYXF_BACKUP_INLINE_BYTES changes it (the tests set 0).
INLINE_BACKUP_BYTES = int(os.environ.get("STUDYXF_BACKUP_INLINE_BYTES", str(32 * 1024 * 1024)))


def daily_backup(conn: sqlite3.Connection, wait: bool = False) -> None:
    """One verified backup per study day, the last BACKUPS_KEPT days kept; only a new good backup
    pushes an old one out, so the newest good backup is never deleted. A large database (a 751 MB one
    takes 5-7 s to copy and check) is copied in the background by `python -m studyxf.store.daily`,
    started here and not waited for (issue 30); a small one, or with `wait`, here."""
    if _todays_backup().exists():
        return
    if not wait and _size(paths.database()) > INLINE_BACKUP_BYTES:
        _start_daily_job()
        return
    if backup(conn) is not None:
        _rotate()


def _size(path: Path) -> int:
    try:
        return path.stat().st_size + path.with_name(path.name + "-wal").stat().st_size
    except FileNotFoundError:
        try:
            return path.stat().st_size
        except OSError:
            return 0
    except OSError:
        return 0


def _rotate() -> None:
    for old in daily_backups()[:-BACKUPS_KEPT]:
        try:
            old.unlink()
        except OSError:
            pass


def _failed_file() -> Path:
    return paths.backups() / ".failed"


def _start_daily_job() -> None:
    """Start the day's backup in a process of its own (its own session: it outlives this command and
    its terminal), unless one is running (it holds the lock) or one already failed today (it left
    .failed naming the day: tried again tomorrow, not at every command)."""
    import sys

    day = clock.study_day().isoformat()
    try:
        with _backup_lock(wait=False) as free:
            if not free:
                return
    except OSError:
        return
    if _read_marker(_failed_file()) == day:
        return
    env = dict(os.environ, STUDYXF_HOME=str(paths.home().resolve()))
    null = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_RDWR, 0) for fd in (0, 1, 2)]
    try:
        pid = os.posix_spawn(sys.executable, [sys.executable, "-m", "studyxf.store.daily", day], env,
                             file_actions=null, setsid=True)
    except OSError:
        return
    import threading

    # reaped when it ends, so a long TUI session keeps no zombie; it does not keep this process alive
    threading.Thread(target=_reap, args=(pid,), daemon=True).start()


def _reap(pid: int) -> None:
    try:
        os.waitpid(pid, 0)
    except OSError:
        pass


def run_daily(day: str) -> int:
    """The background job's work (store/daily.py): the day's backup if there is none yet, then the
    rotation; a failure is written to .failed so the day's other commands do not start it again."""
    with _backup_lock(wait=False) as free:
        if not free:  # another job got here first
            return 0
        if (paths.backups() / f"studyxf-{day}.sqlite3").exists():
            return 0
        try:
            conn = sqlite3.connect(paths.database(), timeout=BUSY_TIMEOUT_S)
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_S * 1000}")
        except sqlite3.Error:
            return 1
        try:
            made = _backup_locked(conn, day)
        finally:
            conn.close()
    if made is None:
        _write_marker(_failed_file(), day)
        return 1
    _rotate()
    return 0
