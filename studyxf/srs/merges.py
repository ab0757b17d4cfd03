"""Merged cards: a recall prompt that replaces duplicates names their card ids in `merged_from`, and
at the deck's sync the old cards' history becomes the kept card's (its schedule is the merged log
replayed in time order), once; nothing of the log is dropped or rewritten.

The merge is recorded in `settings` as `merged:<old id>` -> `<kept id>` (no schema change: the table
is a key-value store). From then on an event of the old card (another machine that has not updated
its content yet still sends them) is replayed as the kept card's, so every machine converges on one
history whatever order the sync and the update come in. No event is written: a merge follows from
the content and the log, which every machine has, so each machine makes it itself.
"""

from __future__ import annotations

import sqlite3

PREFIX = "merged:"


def targets(conn: sqlite3.Connection) -> dict[str, str]:
    """Old card id -> the card its history went to."""
    return {key[len(PREFIX):]: kept for key, kept in conn.execute(
        "SELECT key, value FROM settings WHERE key >= ? AND key < ?", (PREFIX, PREFIX[:-1] + ";"))}


def sources(conn: sqlite3.Connection, kept: str) -> list[str]:
    """The card ids merged into `kept`, directly or through a chain (a merged card merged again)."""
    back: dict[str, list[str]] = {}
    for old, into in targets(conn).items():
        back.setdefault(into, []).append(old)
    out, todo = [], list(back.get(kept, []))
    while todo:
        old = todo.pop()
        if old not in out and old != kept:
            out.append(old)
            todo += back.get(old, [])
    return sorted(out)


def final(found: dict[str, str], card_id: str) -> str:
    """Where a card's history lives now: `card_id`, or the end of its chain of merges."""
    seen = {card_id}
    while card_id in found and found[card_id] not in seen:
        card_id = found[card_id]
        seen.add(card_id)
    return card_id


def merge(conn: sqlite3.Connection, kept: str, olds: list[str], scheduler, config) -> list[str]:
    """Record the merges of `olds` into `kept` not recorded yet, retire the old cards (removed and
    suspended, as a prompt that left its file) and rebuild `kept` from the merged log; inside the
    caller's transaction. Returns the ids merged now."""
    from studyxf.sync import replay

    done = targets(conn)
    now = [old for old in olds if old != kept and old not in done]
    if not now:
        return []
    conn.executemany("INSERT INTO settings (key, value) VALUES (?, ?)", [(PREFIX + old, kept) for old in now])
    conn.executemany("UPDATE cards SET removed = 1, suspended = 1 WHERE id = ?", [(old,) for old in now])
    replay.cards(conn, [kept], scheduler, config)
    return now
