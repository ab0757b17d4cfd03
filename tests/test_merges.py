"""Merged cards (srs/merges.py): a prompt's `merged_from` moves the old cards' reviews onto it at the
deck's sync, once, and later events of an old card (from a machine not updated yet) land on it too."""

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
    assert merges.targets(conn) == {old: kept}

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
