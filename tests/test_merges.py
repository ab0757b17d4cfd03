"""Merged cards (srs/merges.py): a prompt's `merged_from` moves the old cards' reviews onto it at the
deck's sync, once, and later events of an old card (from a machine not updated yet) land on it too."""

import json
import textwrap

import pytest

from studyxf.content.sessions import load_session
from studyxf.srs import merges, schedulers
from studyxf.store import events
from studyxf.store.db import transaction
from studyxf.study import open_study
from studyxf.sync import replay


@pytest.fixture
def study(home):
    s = open_study()
    s.enter_today()
    return s


def _state(deck, cid):
    c = deck.get(cid)
    return c.repetitions, c.ef_milli, c.interval, c.due, c.last_day, c.lapses


def test_merge_moves_the_old_cards_reviews_once_and_replays_them(study, monkeypatch):
    deck, conn = study.deck, study.conn
    session = study.curriculum.get("transformers-1")
    kept, old = (f"transformers-1/{p.id}" for p in session.recall[:2])
    deck.answer(old, 5)  # the old card learned on two days, the kept one once in between
    monkeypatch.setenv("STUDYXF_NOW", "2026-11-30T20:00:00")
    deck.answer(kept, 4)
    monkeypatch.setenv("STUDYXF_NOW", "2026-12-01T20:00:00")
    deck.answer(old, 5)
    reviews = deck.review_counts()
    assert (reviews[kept], reviews[old]) == (1, 2)
    # what the merged log gives: the three answers in time order, replayed by the scheduler
    log = conn.execute("SELECT at, day, grade, scale FROM reviews WHERE practice = 0 AND reask = 0 "
                       "ORDER BY at").fetchall()
    expected = schedulers.replay(deck.scheduler, [list(r) for r in log])

    session.recall[0].merged_from = [old]
    del session.recall[1]
    deck.enter_session(session)
    assert deck.review_counts().get(kept) == 3 and deck.review_counts().get(old) is None
    c = deck.get(kept)
    assert (c.repetitions, c.ef_milli, c.interval, c.due) == \
        (expected.reps, expected.ef_milli, expected.interval, expected.due)
    gone = deck.get(old)
    assert gone.removed and gone.suspended
    assert merges.targets(conn)[old] == kept  # beside the shipped session's own merges

    before = _state(deck, kept)
    deck.enter_session(session)  # once: a second sync changes nothing
    assert _state(deck, kept) == before and deck.review_counts()[kept] == 3

    # the reviews stay the kept card's through a full replay (a scheduler switch reads the rows)
    with transaction(conn):
        replay.cards(conn, [kept, old], deck.scheduler, deck.config)
    assert _state(deck, kept) == before and deck.review_counts()[kept] == 3


def test_an_old_cards_event_received_later_lands_on_the_kept_card(study):
    deck, conn = study.deck, study.conn
    session = study.curriculum.get("transformers-1")
    kept, old = (f"transformers-1/{p.id}" for p in session.recall[:2])
    session.recall[0].merged_from = [old]
    del session.recall[1]
    deck.enter_session(session)
    with transaction(conn):  # as a machine that still has the old prompt would send it
        events.record(conn, "flag", card=old, note="from the laptop")
        replay.apply(conn, {events.CARD + old}, deck.scheduler, deck.config)
    assert conn.execute("SELECT flag FROM cards WHERE id = ?", (kept,)).fetchone()[0] == "from the laptop"


def test_merged_from_is_checked(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(textwrap.dedent("""\
        id: s
        order: 1
        title: T
        kind: revision
        agenda: [a]
        recall:
          - {id: a, prompt: p, answer: x, merged_from: [s/b, nope]}
          - {id: b, prompt: q, answer: y}
        """))
    session, problems = load_session(path)
    assert session is None
    said = sorted(p.message for p in problems)
    assert any("'nope' is not a card id" in m for m in said)
    assert any("'s/b' is still a prompt here" in m for m in said)


def _content_before_the_merges(folder):
    """The shipped sessions as they were before issue 45's merges: each merged prompt back in its own
    session (its prompt and answer as kept cards quote them do not matter: the id does), no merged_from."""
    import yaml

    from tests.conftest import ROOT

    docs = {p.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "sessions").glob("0[123]-*.yaml"))}
    by_id = {d["id"]: d for d in docs.values()}
    moved = []
    for doc in docs.values():
        for prompt in doc.get("recall") or []:
            for old in prompt.pop("merged_from", []):
                sid, pid = old.split("/", 1)
                by_id[sid]["recall"].append({"id": pid, "prompt": f"(before the merge) {pid}?",
                                             "answer": "the old card's answer, long enough to be a real one."})
                moved.append((old, f"{doc['id']}/{prompt['id']}"))
    folder.mkdir()
    for name, doc in docs.items():
        (folder / name).write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return moved


def test_a_learners_reviews_of_the_merged_shipped_cards_move_at_the_next_start(home, tmp_path, monkeypatch):
    from studyxf.store import progress

    moved = _content_before_the_merges(tmp_path / "before")
    assert len(moved) == 4  # issue 45's three, and scaling-experiment into why-scale (its second read)
    monkeypatch.setenv("STUDYXF_SESSIONS", str(tmp_path / "before"))
    study = open_study()
    for sid in ("transformers-1", "transformers-2", "lesson-21"):
        progress.mark_today(study.conn, sid)
    study.deck.sync()
    for old, kept in moved:
        assert study.deck.get(old) and study.deck.get(kept)
        study.deck.answer(old, 4)
    before = study.deck.review_counts()
    study.conn.close()

    monkeypatch.delenv("STUDYXF_SESSIONS")  # the update: the shipped content, with its merged_from
    study = open_study()
    study.enter_today()
    after = study.deck.review_counts()
    for old, kept in moved:
        assert after.get(old) is None and after[kept] == before[old] + before.get(kept, 0), (old, kept)
        assert study.deck.get(old).removed and study.deck.get(kept).repetitions == 1
    assert sum(after.values()) == sum(before.values())  # nothing dropped


def test_two_machines_converge_when_one_has_not_updated_its_content(tmp_path, monkeypatch):
    """The laptop still has the old prompt and answers it; the updated machine receives that answer
    through sync and counts it on the kept card."""
    from tests.test_sync import Machine

    for var in ("STUDYXF_SESSIONS", "STUDYXF_DRILLS", "STUDYXF_SCHEDULER"):
        monkeypatch.delenv(var, raising=False)
    moved = _content_before_the_merges(tmp_path / "before")
    old, kept = next((o, k) for o, k in moved  # a card that moved to another session
                     if o.startswith("transformers-1/") and not k.startswith("transformers-1/"))
    folder = tmp_path / "Sync"
    laptop, box = Machine(tmp_path / "laptop", folder, "laptop"), Machine(tmp_path / "box", folder, "box")
    laptop_env = laptop.env
    laptop.env = lambda day: {**laptop_env(day), "STUDYXF_SESSIONS": str(tmp_path / "before")}
    for m in (laptop, box):
        for _ in range(3):  # the three sessions enter the deck
            m.run("today", "--plain")
            m.run("complete")
    with laptop.db() as conn:
        assert conn.execute("SELECT 1 FROM cards WHERE id = ?", (old,)).fetchone()
    laptop.run("review", "--plain", input="".join(
        "4\n" for _ in range(200)), day="2026-11-10")  # every due card, the old one among them
    laptop.sync()
    box.sync()
    cards = {c["id"]: c for c in json.loads(box.run("cards", "--json").stdout)}
    laptop_cards = {c["id"]: c for c in json.loads(laptop.run("cards", "--json").stdout)}
    assert laptop_cards[old]["reviews"] == 1
    assert cards[kept]["reviews"] == laptop_cards[old]["reviews"] + laptop_cards.get(kept, {"reviews": 0})["reviews"]
