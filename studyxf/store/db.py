"""Opening the database: pragmas, schema version checks, forward migrations and rolling backups.

The version check uses the standard sqlite3 module; sqlite-utils (0.17 s to import) is loaded
only when a schema has to be created or migrated, so start-up stays fast.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from pathlib import Path

from studyxf import clock, paths
from studyxf.errors import StoreError

SCHEMA_VERSION = 4
BACKUPS_KEPT = 7
_HEADER = b"SQLite format 3\x00"


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


MIGRATIONS = {1: _migrate_1, 2: _migrate_2, 3: _migrate_3, 4: _migrate_4}


def _check_file(path: Path) -> None:
    try:
        with path.open("rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        raise StoreError(f"{path}: cannot read the database: {exc.strerror or exc}") from None
    if head and head != _HEADER:
        raise StoreError(f"{path}: not a SQLite database (corrupt?); it was left untouched - "
                         f"restore a copy from {paths.backups()} or move it aside")


def _version(conn: sqlite3.Connection, path: Path) -> int:
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path}: corrupt database ({exc}); it was left untouched - restore a copy "
                         f"from {paths.backups()} or move it aside") from None


def connect(path: Path | None = None) -> sqlite3.Connection:
    """Open (creating or migrating if needed) the learner's database."""
    path = path or paths.database()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"{path.parent}: cannot create the data directory: {exc.strerror or exc}") from None
    existed = path.exists() and path.stat().st_size > 0
    if existed:
        _check_file(path)
    try:
        conn = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise StoreError(f"{path}: cannot open the database: {exc}") from None
    version = _version(conn, path)
    if version > SCHEMA_VERSION:
        conn.close()
        raise StoreError(f"{path}: written by a newer studyxf (schema {version}; this version knows "
                         f"{SCHEMA_VERSION}); it was left untouched - upgrade studyxf")
    try:
        conn.execute("PRAGMA busy_timeout = 30000")
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise StoreError(f"{path}: cannot use the database ({exc}); it was left untouched") from None
    if version < SCHEMA_VERSION:
        _migrate(conn, path, version, existed)
    return conn


def _migrate(conn: sqlite3.Connection, path: Path, version: int, existed: bool) -> None:
    import sqlite_utils

    if existed and version > 0:
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


@contextmanager
def transaction(conn: sqlite3.Connection):
    """One durable unit of work: BEGIN IMMEDIATE takes the write lock up front, so a second
    process waits (busy timeout) instead of failing with 'database is locked' half-way."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def backup(conn: sqlite3.Connection, tag: str | None = None) -> Path | None:
    """Copy the database into backups/ (online backup API: consistent even while in use)."""
    folder = paths.backups()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        name = f"studyxf-{tag or clock.study_day().isoformat()}.sqlite3"
        target = folder / name
        tmp = folder / (name + ".tmp")
        dest = sqlite3.connect(tmp)
        with dest:
            conn.backup(dest)
        dest.close()
        tmp.replace(target)
    except (OSError, sqlite3.Error):
        return None  # a backup that cannot be written must not stop the evening's work
    return target


def daily_backup(conn: sqlite3.Connection) -> None:
    """One backup per study day, the last BACKUPS_KEPT days kept."""
    folder = paths.backups()
    today = folder / f"studyxf-{clock.study_day().isoformat()}.sqlite3"
    if today.exists():
        return
    if backup(conn) is None:
        return
    daily = sorted(p for p in folder.glob("studyxf-????-??-??.sqlite3"))
    for old in daily[:-BACKUPS_KEPT]:
        try:
            old.unlink()
        except OSError:
            pass
