"""Review speed at scale, side by side with Anki in the same run.

- studyxf: decks of 100k and 1M cards, 5% due today: the time to show the next card (the queue's
  first card) and to answer one (select, update, log, commit: one BEGIN IMMEDIATE transaction,
  WAL, synchronous=FULL), medians over a few hundred answers.
- Anki (the `anki` package, v3 scheduler): the same on a 100k-card collection, at the same
  durability (WAL, synchronous=FULL).

Targets: per-answer time no more than Anki's; next card under 1 ms at 1M cards.
Run: pip install anki && python benchmarks/srs.py   (N=... to change the sizes)
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ANSWERS = int(os.environ.get("ANSWERS", "300"))
TODAY = "2026-11-29"


def build_studyxf(n: int):
    home = tempfile.mkdtemp()
    os.environ["STUDYXF_HOME"] = home
    os.environ["STUDYXF_NOW"] = TODAY + "T20:00"
    from studyxf.config import Config
    from studyxf.content.curriculum import Curriculum
    from studyxf.srs.deck import Deck
    from studyxf.store import db

    conn = db.connect()
    rng = random.Random(0)
    day0 = date.fromisoformat(TODAY)
    rows = []
    for i in range(n):
        if i % 20 == 0:  # 5% due today or overdue
            due = day0 - timedelta(days=rng.randint(0, 10))
        else:
            due = day0 + timedelta(days=rng.randint(1, 365))
        rows.append((f"s{i // 1000}/c{i}", f"s{i // 1000}", i, "basic", "2026-01-01", 3, 2500, 10, due.isoformat(),
                     "2026-11-01"))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO cards (id, session_id, position, kind, added_day, reps, ef_milli, interval, due, "
                     "last_day) VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    return Deck(conn, Curriculum([]), Config(reviews_per_day=10 ** 9))


def measure_studyxf(n: int) -> tuple[float, float]:
    deck = build_studyxf(n)
    nexts, answers = [], []
    for _ in range(ANSWERS):
        t = time.perf_counter()
        card = deck.next_id()
        nexts.append(time.perf_counter() - t)
        t = time.perf_counter()
        deck.answer(card, 4)
        answers.append(time.perf_counter() - t)
    return statistics.median(nexts), statistics.median(answers)


def measure_anki(n: int) -> tuple[float, float] | None:
    try:
        from anki.collection import AddNoteRequest, Collection
    except ImportError:
        return None
    col = Collection(os.path.join(tempfile.mkdtemp(), "bench.anki2"))
    col.db.execute("pragma synchronous = full")
    model = col.models.by_name("Basic")
    deck_id = col.decks.id("bench")
    requests = []
    for i in range(n):
        note = col.new_note(model)
        note["Front"], note["Back"] = f"q{i}", f"a{i}"
        requests.append(AddNoteRequest(note=note, deck_id=deck_id))
    col.add_notes(requests)
    today = col.sched.today
    col.db.execute(f"update cards set type = 2, queue = 2, ivl = 10, factor = 2500, due = {today} - (id % 11) "
                   f"where id % 20 = 0")
    col.db.execute(f"update cards set type = 2, queue = 2, ivl = 10, factor = 2500, due = {today} + 1 + (id % 365) "
                   f"where queue = 0")
    conf = col.decks.config_dict_for_deck_id(deck_id)
    conf["rev"]["perDay"] = 9999  # Anki's maximum
    col.decks.save(conf)
    assert col.decks.config_dict_for_deck_id(deck_id)["rev"]["perDay"] == 9999
    col.decks.select(deck_id)
    nexts, answers = [], []
    for _ in range(ANSWERS):
        t = time.perf_counter()
        queued = col.sched.get_queued_cards(fetch_limit=1)
        nexts.append(time.perf_counter() - t)
        card = col.get_card(queued.cards[0].card.id)
        card.start_timer()
        t = time.perf_counter()
        states = col._backend.get_scheduling_states(card.id)
        col.sched.answer_card(col.sched.build_answer(card=card, states=states, rating=3))
        answers.append(time.perf_counter() - t)
    assert col.db.scalar("pragma synchronous") == 2 and col.db.scalar("pragma journal_mode") == "wal"
    col.close()
    return statistics.median(nexts), statistics.median(answers)


def main() -> None:
    sizes = [int(s) for s in os.environ.get("N", "100000,1000000").split(",")]
    anki = measure_anki(min(sizes))
    for n in sizes:
        nxt, ans = measure_studyxf(n)
        print(f"studyxf {n:>9,} cards: next card {nxt * 1000:.3f} ms (target < 1 ms at 1M), "
              f"answer {ans * 1000:.3f} ms")
    if anki is None:
        print("anki not installed: pip install anki for the side-by-side figure")
        return
    print(f"anki    {min(sizes):>9,} cards: next card {anki[0] * 1000:.3f} ms, answer {anki[1] * 1000:.3f} ms "
          f"(v3 scheduler, WAL, synchronous=FULL)")


if __name__ == "__main__":
    main()
