"""Review speed at scale, side by side with Anki in the same run.

- studyxf: decks of 100k and 1M cards, 5% due today: the time to show the next card (the queue's
  first card) and to answer one (select, update, log, commit: one BEGIN IMMEDIATE transaction,
  WAL, synchronous=FULL), medians (and the answers' mean, checkpoints included) over a few hundred
  answers of a freshly opened database, as a learner's evening is.
- studyxf under FSRS (STUDYXF_SCHEDULER=fsrs, the `fsrs` package): the same answers on the 100k deck,
  each review card carrying an FSRS memory state.
- Anki (the `anki` package, v3 scheduler): the same on a 100k-card collection, at the same
  durability (WAL, synchronous=FULL), answered Good; once with SM-2 (Anki's default) and once with
  FSRS on, each review card carrying a memory state as studyxf's do (a card without one makes Anki
  derive it at the answer, ~2x the time: not what a learner's steady state pays).

Targets: per-answer time no more than Anki's with the same scheduler (SM-2 against SM-2, FSRS
against FSRS); next card under 1 ms at 1M cards.
Run: pip install anki && python benchmarks/srs.py   (N=... to change the sizes)
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

# building a deck migrates a new database with sqlite-utils, which imports NumPy: its BLAS threads would
# share the two cores with the answers timed (a learner's `studyxf review` imports neither)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ANSWERS = int(os.environ.get("ANSWERS", "300"))


def build_studyxf(n: int, scheduler: str = "sm2"):
    home = tempfile.mkdtemp()
    os.environ["STUDYXF_HOME"] = home
    # the wall clock, as a learner's answers read it (STUDYXF_NOW would add a parse to each answer)
    os.environ.pop("STUDYXF_NOW", None)
    os.environ["STUDYXF_SCHEDULER"] = scheduler
    from studyxf import clock
    from studyxf.config import Config
    from studyxf.content.curriculum import Curriculum
    from studyxf.srs.deck import Deck
    from studyxf.store import db

    conn = db.connect()
    rng = random.Random(0)
    day0 = clock.study_day()
    last_review = (datetime.now(timezone.utc) - timedelta(days=28)).timestamp()
    last_day = (day0 - timedelta(days=28)).isoformat()
    rows = []
    for i in range(n):
        if i % 20 == 0:  # 5% due today or overdue
            due = day0 - timedelta(days=rng.randint(0, 10))
        else:
            due = day0 + timedelta(days=rng.randint(1, 365))
        # FSRS's memory as the package leaves it: full-precision floats (a short seed such as "10.0 5.0"
        # would grow the row at its first answer, a page split no learner's deck pays on every answer)
        memory = f"{rng.uniform(5, 60)!r} {rng.uniform(1, 10)!r} {last_review!r}"
        rows.append((f"s{i // 1000}/c{i}", f"s{i // 1000}", i, "basic", "2026-01-01", 3, 2500, 10, due.isoformat(),
                     last_day, memory if scheduler == "fsrs" else None))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO cards (id, session_id, position, kind, added_day, reps, ef_milli, interval, due, "
                     "last_day, fsrs) VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
    conn.execute("UPDATE settings SET value = ? WHERE key = 'scheduler'", (scheduler,))
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()
    # opened again, as `studyxf review` opens it: a connection that also built the deck answered a few us
    # slower than one opened after it (each deck built later in the run was faster: the build's memory)
    return Deck(db.connect(), Curriculum([]), Config(reviews_per_day=10 ** 9))


def studyxf_steps(deck):
    """One answer per step: (time to the next card, time to answer it), in seconds."""
    good = deck.scheduler.good
    while True:
        t = time.perf_counter()
        card = deck.next_id()
        t1 = time.perf_counter()
        deck.answer(card, good)
        yield t1 - t, time.perf_counter() - t1


def build_anki(n: int, fsrs: bool = False):
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
    if fsrs:
        col.set_config("fsrs", True)
        # memory states as build_studyxf gives its cards (stability 5-60 days, difficulty 1-10, last
        # review 28 days ago), in Anki's card data
        rng = random.Random(0)
        last_review = int(time.time()) - 28 * 86400
        col.db.executemany("update cards set data = ? where id = ?", [
            (json.dumps({"s": rng.uniform(5, 60), "d": rng.uniform(1, 10), "dr": 0.9, "decay": 0.1542,
                         "lrt": last_review}, separators=(",", ":")), cid)
            for cid in col.db.list("select id from cards where queue = 2")])
    # opened again, as studyxf's deck is (build_studyxf)
    path = col.path
    col.close()
    col = Collection(path)
    col.db.execute("pragma synchronous = full")
    assert col.decks.get_current_id() == deck_id and col.get_config("fsrs", False) == fsrs
    assert col.db.scalar("pragma synchronous") == 2 and col.db.scalar("pragma journal_mode") == "wal"
    return col


def anki_steps(col):
    from anki.scheduler.v3 import CardAnswer  # after anki.collection (build_anki): a circular import otherwise

    while True:
        t = time.perf_counter()
        queued = col.sched.get_queued_cards(fetch_limit=1)
        t1 = time.perf_counter()
        # the answer, as studyxf's is timed: reading the card's row, scheduling it, writing it and the log
        card = col.get_card(queued.cards[0].card.id)
        card.start_timer()
        states = col._backend.get_scheduling_states(card.id)
        col.sched.answer_card(col.sched.build_answer(card=card, states=states, rating=CardAnswer.GOOD))
        yield t1 - t, time.perf_counter() - t1


def side_by_side(runs: dict, answers: int, batch: int = 25) -> dict:
    """Each contender answers `batch` cards in turn until each has answered `answers`: the disk's
    and the machine's drift fall on all of them alike. The order turns each round: four identical
    decks in a fixed order gave the last one 1-6 us less per answer than the first. (Median next card,
    median answer, mean answer)."""
    times = {name: ([], []) for name in runs}
    order = list(runs.items())
    for round_ in range(max(1, answers // batch)):
        for name, steps in order[round_ % len(order):] + order[:round_ % len(order)]:
            for _ in range(batch):
                nxt, ans = next(steps)
                times[name][0].append(nxt)
                times[name][1].append(ans)
    return {name: (statistics.median(a), statistics.median(b), statistics.mean(b)) for name, (a, b) in times.items()}


def main() -> None:
    sizes = [int(s) for s in os.environ.get("N", "100000,1000000").split(",")]
    n = min(sizes)
    runs = {"studyxf SM-2": studyxf_steps(build_studyxf(n, "sm2")),
            "studyxf FSRS": studyxf_steps(build_studyxf(n, "fsrs"))}
    cols = {"anki SM-2": build_anki(n), "anki FSRS": build_anki(n, fsrs=True)}
    for name, col in cols.items():
        if col is not None:
            runs[name] = anki_steps(col)
    found = side_by_side(runs, ANSWERS)
    for name, (nxt, ans, mean) in found.items():
        print(f"{name:<14} {n:>9,} cards: next card {nxt * 1000:.3f} ms, answer {ans * 1000:.3f} ms "
              f"(mean {mean * 1000:.3f})")
    if cols["anki SM-2"] is None:
        print("anki not installed: pip install anki for the side-by-side figure")
    else:
        print("anki: v3 scheduler, WAL, synchronous=FULL, as studyxf")
        for label, i in (("median", 1), ("mean", 2)):
            sm2, fsrs = (found[name][i] for name in ("anki SM-2", "anki FSRS"))
            print(f"answer / anki's with the same scheduler ({label}): SM-2 {found['studyxf SM-2'][i] / sm2:.2f}x, "
                  f"FSRS {found['studyxf FSRS'][i] / fsrs:.2f}x (target <= 1); "
                  f"FSRS / anki's SM-2 {found['studyxf FSRS'][i] / sm2:.2f}x")
        for col in cols.values():
            col.close()
    for big in (s for s in sizes if s != n):
        steps = studyxf_steps(build_studyxf(big, "sm2"))
        times = [next(steps) for _ in range(ANSWERS)]
        print(f"studyxf SM-2 {big:>9,} cards: next card {statistics.median(t[0] for t in times) * 1000:.3f} ms "
              f"(target < 1 ms), answer {statistics.median(t[1] for t in times) * 1000:.3f} ms")


if __name__ == "__main__":
    main()
