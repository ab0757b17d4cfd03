"""The backups folder as the learner sees it: each backup with its date, size and integrity check,
and restoring one (the current file kept aside as .bad). Never opens the live database."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from studyxf import clock, paths
from studyxf.errors import StoreError
from studyxf.store import db


@dataclass
class Backup:
    path: Path
    size: int
    check: str  # "ok" or the first problem found

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def label(self) -> str:
        """The date (or the migration tag) the name carries."""
        return self.path.stem.removeprefix("studyxf-")


def listing() -> list[Backup]:
    return [Backup(p, p.stat().st_size, db.check_file(p)) for p in db.good_backups()]


def find(name: str) -> Backup:
    """A backup by file name, by its label (2026-11-29), or by a unique part of it."""
    found = listing()
    exact = [b for b in found if name in (b.name, b.label, b.path.stem)]
    matches = exact or [b for b in found if name in b.name]
    if len(matches) != 1:
        known = ", ".join(b.label for b in found) or "none"
        why = "no backup matches" if not matches else "more than one backup matches"
        raise StoreError(f"{why} {name!r} (backups: {known})")
    return matches[0]


def _set_aside(target: Path) -> Path:
    """Move the database to a .bad name no earlier restore took: `.bad`, then `.<time>.bad`, then
    `.<time>-2.bad`, ... Each name is claimed with a hard link, which fails rather than replace a file,
    so two restores in the same second (or two processes at once) never overwrite each other's copy."""
    import os

    stamp = clock.now().strftime("%Y%m%d-%H%M%S")
    names = [f"{target.name}.bad", f"{target.name}.{stamp}.bad",
             *(f"{target.name}.{stamp}-{n}.bad" for n in range(2, 10_000))]
    for name in names:
        kept = target.with_name(name)
        try:
            os.link(target, kept)
        except FileExistsError:
            continue
        except OSError:  # no hard links here (some network or FAT folders): the next free name
            if kept.exists() or kept.is_symlink():
                continue
            target.replace(kept)
            return kept
        target.unlink()
        return kept
    raise StoreError(f"{target}: 10,000 .bad copies beside it already: move some away, then restore again")


def restore(name: str) -> tuple[Backup, Path | None]:
    """Put a verified backup in place of the database; the current file (and its WAL) is kept as
    .bad beside it. Returns the backup and where the old file went."""
    chosen = find(name)
    if chosen.check != "ok":
        raise StoreError(f"{chosen.path}: this backup fails its integrity check ({chosen.check}); choose another")
    target = paths.database()
    kept = None
    if target.exists():
        kept = _set_aside(target)
        for suffix in ("-wal", "-shm"):  # they belong to the file set aside, not to the backup
            side = target.with_name(target.name + suffix)
            if side.exists():
                side.replace(kept.with_name(kept.name + suffix))
    tmp = target.with_name(target.name + ".restoring")
    shutil.copyfile(chosen.path, tmp)
    _number_past_the_backup(tmp)
    tmp.replace(target)
    return chosen, kept


# how far a restored database's next event number jumps: 16M, decades of one learner's events between a
# backup and its restore, and room for 65,000 restores in events.SEQ_BITS
RESTORE_GAP = 1 << 24


def _number_past_the_backup(path: Path) -> None:
    """The restored file's next event is numbered RESTORE_GAP past its last: the events this device
    wrote after the backup may be in a sync folder already (and on the other machines), and a number
    used twice would keep a new event from ever being sent. `studyxf sync` reads those events back from
    this device's own files (sync/folder.py). Every schema with events (6 on) has device.seq and
    events (device, seq)."""
    import sqlite3

    conn = sqlite3.connect(path, isolation_level=None)
    try:
        if conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'device'").fetchone():
            conn.execute("UPDATE device SET seq = MAX(seq, COALESCE((SELECT MAX(e.seq) FROM events e WHERE "
                         "e.device = device.id), 0)) + ?", (RESTORE_GAP,))
    except sqlite3.Error as exc:
        raise db.storage_error(exc, path) from None
    finally:
        conn.close()
