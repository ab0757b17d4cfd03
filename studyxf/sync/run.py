"""`studyxf sync DIR`: send this device's events, take in the others' (each once, by id), and replay
what derives from them, in one transaction; and `--status`, which writes nothing."""

from __future__ import annotations

import fcntl
import json
import os
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from studyxf import paths
from studyxf.errors import StudyxfError
from studyxf.store import events
from studyxf.store.db import transaction
from studyxf.sync import folder as files, replay


@dataclass
class Result:
    sent: int = 0
    received: dict[str, Counter] = field(default_factory=dict)  # device id -> counts by kind
    names: dict[str, str] = field(default_factory=dict)
    damaged: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # said before the summary: a folder created, ...

    def line(self) -> str:
        """`received N events from NAME (R reviews, A attempts), sent M`."""
        parts = [f"received {sum(c.values())} events from {self.names.get(dev, dev)} "
                 f"({c['review']} reviews, {c['attempt']} attempts)" for dev, c in self.received.items()]
        return f"{'; '.join(parts) or 'received 0 events'}, sent {self.sent}"


printable = events.printable


@contextmanager
def _lock():
    """One sync at a time on this data directory (two would append the same events twice)."""
    path = paths.home() / "sync.lock"
    with open(path, "a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise StudyxfError("another studyxf sync is running on this data directory") from None
        yield


def _root(directory: str) -> Path:
    root = Path(directory).expanduser()
    if root.exists() and not root.is_dir():
        raise StudyxfError(f"{root}: not a directory")
    if root.resolve() == paths.home().resolve() or paths.home().resolve() in root.resolve().parents:
        raise StudyxfError(f"{root}: the sync folder must be outside the data directory")
    return root


def name_of(conn, dev: str) -> str:
    row = conn.execute("SELECT body FROM events WHERE subject = ? ORDER BY ord DESC LIMIT 1",
                       (events.DEVICE + dev,)).fetchone()
    return (json.loads(row[0]).get("name") if row else None) or dev


def sync(study, directory: str, name: str | None = None, new_device: bool = False) -> Result:
    conn = study.conn
    root = _root(directory)
    if name is not None and (not 0 < len(name) <= files.NAME or files.controls(name)):  # the others would
        raise StudyxfError(f"--name: 1 to {files.NAME} characters, none of them a control character")  # refuse it
    result = Result()
    if not os.path.lexists(root):  # a misspelt folder is made, and said: the learner sees where it went
        try:
            root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StudyxfError(f"{root}: cannot create the sync folder: {exc.strerror or exc}") from None
        result.notes.append(f"created {root}")
    # the deck before any transaction here: making it follows a change of scheduler in a transaction of
    # its own (a fresh machine with FSRS chosen failed its first sync with a nested transaction)
    scheduler = study.deck.scheduler
    with _lock():
        if new_device:
            with transaction(conn):
                old, new, kept, renamed = renumber(conn, root, scheduler, study.config)
            result.notes.append(f"this copy is now device {new} ({renamed} of its events sent again under it); "
                                f"{kept} events the folder holds stay {old}'s")
        with transaction(conn):
            me, current = events.device(conn)
            if name and name != current:
                conn.execute("UPDATE device SET name = ?", (name,))
            announced = conn.execute("SELECT 1 FROM events WHERE subject = ? LIMIT 1",
                                     (events.DEVICE + me,)).fetchone()
            if not announced or (name and name != current):
                events.record(conn, "device", name=name or current)
        result.sent, own, result.damaged, moved = files.send(conn, root)
        if moved:
            result.notes.append(f"{root} does not hold what this machine sent last: all of its history the folder "
                                "lacks is sent")
        with transaction(conn):
            incoming, damaged = files.receive(conn, root, me)
            result.damaged += damaged
            incoming = own + incoming  # this device's own, where a restored database lacks them
            seen: dict[str, set[int]] = {}
            subjects: set[str] = set()
            rows, taken = [], {}
            span: dict[str, tuple[int, int]] = {}
            for _, dev, seq, _ in incoming:
                low, high = span.get(dev, (seq, seq))
                span[dev] = (min(low, seq), max(high, seq))
            index: dict[str, int] = {}
            for event, dev, seq, body in incoming:
                if dev not in seen:  # the ids already here among those read (a range of keys, not the whole log)
                    index[dev] = events.device_index(conn, dev)
                    seen[dev] = {s for (s,) in conn.execute("SELECT seq FROM events WHERE key BETWEEN ? AND ?",
                                                            events.span(index[dev], *span[dev]))}
                if seq in seen[dev]:
                    continue
                seen[dev].add(seq)
                rows.append(events.row(event, index[dev], dev, seq, body))
                taken[event["id"]] = event
                result.received.setdefault(dev, Counter())[event["kind"]] += 1
                if rows[-1][6]:
                    subjects.add(rows[-1][6])
            conn.executemany(events.INSERT, rows)
            replay.apply(conn, subjects, scheduler, study.config, taken)
            files.crash_point("before-commit")
            result.names = {dev: name_of(conn, dev) for dev in result.received}
    study.enter_today()  # a session completed elsewhere brings its cards, and their waiting events apply
    return result


def status(study, directory: str) -> list[str]:
    """The devices, their last sync, and what is pending; nothing is written."""
    conn = study.conn
    root = _root(directory)
    me, name, sent, last = conn.execute("SELECT id, name, sent, last_sync FROM device").fetchone()
    # counted, not subtracted: a restored database's numbers jump (store/backups.py)
    unsent = conn.execute("SELECT COUNT(*) FROM events WHERE key BETWEEN ? AND ?",
                          events.span(events.LOCAL, sent + 1)).fetchone()[0]
    lines = [f"this device: {name} ({me}), last sync {last or 'never'}, {unsent} events to send"]
    mine = root / me
    if files.is_folder(mine):  # what sync would stop on, said here too (read only)
        out_file, out_offset = conn.execute("SELECT out_file, out_offset FROM device").fetchone()
        if not files.holds(mine, me, sent, out_file, out_offset):
            out_file, out_offset, sent = 0, 0, 0
        own = [(n, p) for n, p in files.numbered(mine) if files.regular(p)]
        try:
            files.beyond_record(conn, root, me, own, sent, out_file, out_offset, [])
        except files.CopiedDevice as exc:
            lines.append(f"stop: {exc}")
    unread = files.unread(conn, root, me)
    counts = {dev: conn.execute("SELECT COUNT(*) FROM events WHERE key BETWEEN ? AND ?", events.span(idx)).fetchone()[0]
              for idx, dev in conn.execute("SELECT idx, id FROM event_devices WHERE id != ?", (me,)).fetchall()}
    counts = {dev: n for dev, n in counts.items() if n}
    for dev in sorted(set(unread) | set(counts)):
        lines.append(f"{name_of(conn, dev)} ({dev}): last wrote {files.last_written(root, dev) or 'nothing here'}, "
                     f"{counts.get(dev, 0)} events received, {unread.get(dev, 0)} bytes not read yet")
    waiting = conn.execute(
        "SELECT COUNT(*), COUNT(DISTINCT subject) FROM events WHERE subject LIKE 'card:%' "
        "AND substr(subject, 6) NOT IN (SELECT id FROM cards)").fetchone()
    if waiting[0]:
        lines.append(f"{waiting[0]} events wait for {waiting[1]} cards this machine does not have yet "
                     f"(they apply when their session enters the deck)")
    return lines


def renumber(conn, root: Path, scheduler, config) -> tuple[str, str, int, int]:
    """`sync DIR --new-device` (inside the caller's transaction): this copy of a data directory takes a new
    id. Its events that the folder holds as they are stay the old id's (the other copy has them too, and
    sends them as its own); the others, written here since the copy (or never sent), are numbered again
    under the new id and sent, so nothing of either copy is lost and nothing is counted twice. Returns
    (old id, new id, events kept, events renumbered)."""
    old = conn.execute("SELECT id FROM device").fetchone()[0]
    low, high = events.span(events.LOCAL)
    same = []
    folder = root / old
    if files.is_folder(folder):
        ignored: list[str] = []
        for _, path in files.numbered(folder):
            got, _, _ = files.read(path, old, 0, 0, True, ignored)
            for _, _, seq, body in got:
                here = conn.execute("SELECT body FROM events WHERE key = ?", (events.key(events.LOCAL, seq),)).fetchone()
                if here is not None and here[0] == body:
                    same.append((seq,))
    new = events.new_device_id()
    conn.execute("UPDATE event_devices SET id = ? WHERE idx = ?", (new, events.LOCAL))
    index = events.device_index(conn, old)  # the old id is another device's now
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS kept_seq (seq INTEGER PRIMARY KEY)")
    conn.execute("DELETE FROM temp.kept_seq")
    conn.executemany("INSERT OR IGNORE INTO temp.kept_seq VALUES (?)", same)
    # kept: moved into the old id's range of keys, an answer given its subject (a received event's card_log
    # finds it by subject; this device's own answers are found through their review rows)
    conn.execute(f"UPDATE events SET key = ? | seq, subject = CASE WHEN kind = 'review' THEN '{events.CARD}' || "
                 "json_extract(body, '$.card') ELSE subject END WHERE key BETWEEN ? AND ? AND "
                 "seq IN (SELECT seq FROM temp.kept_seq)", (events.key(index, 0), low, high))
    renamed, rows, subjects, number = {}, [], set(), 0
    for body, in conn.execute("SELECT body FROM events WHERE key BETWEEN ? AND ? ORDER BY key", (low, high)):
        e = json.loads(body)
        number += 1
        renamed[e["id"]] = f"{new}:{number}"
        e["id"] = renamed[e["id"]]
        if e.get("kind") == "undo" and e.get("review") in renamed:  # what an event names by id follows it
            e["review"] = renamed[e["review"]]
        if e.get("kind") == "journal" and isinstance(e.get("after"), dict):
            e["after"] = {k: renamed.get(v, v) for k, v in e["after"].items()}
        if e.get("kind") == "notes" and e.get("after") in renamed:
            e["after"] = renamed[e["after"]]
        subject = events.subject_of(e)
        if subject:
            subjects.add(subject)
        rows.append((events.key(events.LOCAL, number), e["id"], new, number, events.order_key(e["at"], new, number),
                     e["kind"], None if e["kind"] == "review" else subject, events.encode(e)))
    conn.execute("DELETE FROM events WHERE key BETWEEN ? AND ?", (low, high))
    conn.executemany(events.INSERT, rows)
    conn.execute("CREATE TEMP TABLE IF NOT EXISTS renamed (old TEXT PRIMARY KEY, new TEXT NOT NULL)")
    conn.execute("DELETE FROM temp.renamed")
    conn.executemany("INSERT INTO temp.renamed VALUES (?, ?)", renamed.items())
    for table in ("reviews", "drill_attempts"):
        conn.execute(f"UPDATE {table} SET event = m.new FROM temp.renamed m WHERE {table}.event = m.old")
    conn.execute("UPDATE device SET id = ?, seq = ?, sent = 0, out_file = 0, out_offset = 0", (new, number))
    replay.apply(conn, subjects, scheduler, config)
    return old, new, len(same), number
