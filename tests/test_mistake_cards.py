"""Mistake cards (DESIGN.md, "Mistake cards"; issue 47): a verified slip becomes a recall card in the
learner's own line, the same slip again lapses it, and the card lives as any card does: reviewed,
browsed, exported, synced. One end-to-end run grades real files through the CLI (two gradings, ~2 s
each); the rest records canned reports through the same grade_and_record the CLI uses."""

from __future__ import annotations

import json
import re
import sqlite3
import zipfile
from types import SimpleNamespace

import pytest

from studyxf.grading.attempts import grade_and_record
from studyxf.srs import mistakes
from studyxf.study import open_study
from studyxf.sync import folder
from tests.data.submissions import SUBMISSIONS


def _cards(cli, env=None) -> dict:
    res = cli("cards", "--json", env=env)
    assert res.returncode == 0, res.stderr
    return {c["id"]: c for c in json.loads(res.stdout)}


def test_a_verified_slip_graded_by_the_cli_becomes_a_card_reviewed_lapsed_exported_and_synced(home, cli, tmp_path):
    mine = tmp_path / "attention_mine.py"
    mine.write_text(SUBMISSIONS["attention"]["mistakes"]["no-scale"])
    res = cli("drill", "attention", str(mine), "--json")
    assert res.returncode == 1 and json.loads(res.stdout)["diagnosis"][0]["mistake"] == "no-scale"
    assert "new recall card mistakes/no-scale" in res.stderr  # said beside the JSON, never in it
    card = _cards(cli)["mistakes/no-scale"]
    assert (card["drill"], card["slip"], card["session"], card["state"]) == ("attention", "no-scale", "mistakes", "new")
    assert card["prompt"] == ("In your `attention` on Nov 29 you wrote `s = q @ np.swapaxes(k, -1, -2)` (line 3). "
                              "What must the scores be divided by before the softmax, and what goes wrong as d grows "
                              "without it?")  # the drill's question for that slip (drill.yaml)
    assert card["origin"] == "from your attention attempt of 2026-11-29"

    # reviewed as any card, first among the new ones, with its origin and the slip's teaching sentence
    res = cli("review", "--plain", input="\n4\nq\n")
    lines = res.stdout.splitlines()
    assert lines[0] == "Q mistakes/no-scale", res.stdout
    assert "  (from your attention attempt of 2026-11-29)" in lines
    answer = lines[lines.index("A") + 1]
    assert "You did not divide by sqrt(d)" in answer and "1/sqrt(d)" in answer
    assert "= 4 due 2026-11-30" in lines

    # the same slip three days later: no second card, the card lapses (a grade of 1) and comes back tomorrow
    later = {"STUDYXF_NOW": "2026-12-02T20:00:00"}
    res = cli("drill", "attention", str(mine), env=later)
    assert res.returncode == 1 and "mistakes/no-scale again: its card lapsed, back on 2026-12-03" in res.stdout
    cards = _cards(cli, later)
    assert [c for c in cards if c.startswith("mistakes/")] == ["mistakes/no-scale"]
    card = cards["mistakes/no-scale"]
    assert (card["lapses"], card["reviews"], card["repetitions"], card["due"]) == (1, 2, 0, "2026-12-03")

    stats = json.loads(cli("stats", "--json", env=later).stdout)
    assert stats["slips"] == [{"slip": "no-scale", "drill": "attention", "count": 2, "last": "2026-12-02T20:00:00"}]
    today = cli("today", "--plain", env=later).stdout
    assert "no-scale x2 in attention" in today and "studyxf drill attention" in today

    apkg = tmp_path / "deck.apkg"
    assert cli("export", "--anki", str(apkg), env=later).returncode == 0
    with zipfile.ZipFile(apkg) as z:
        z.extract("collection.anki2", tmp_path)
    notes = sqlite3.connect(tmp_path / "collection.anki2").execute("SELECT tags, flds FROM notes").fetchall()
    tagged = [(tags.split(), fields) for tags, fields in notes if "mistakes/no-scale" in fields]
    assert len(tagged) == 1 and {"mistake", "attention"} <= set(tagged[0][0]), notes
    assert "from your attention attempt of 2026-11-29" in tagged[0][1]

    # a second data directory gets the card, its text and its schedule through the sync folder
    shared = tmp_path / "sync"
    assert cli("sync", str(shared), env=later).returncode == 0
    other = {"STUDYXF_HOME": str(tmp_path / "laptop"), **later}
    res = cli("sync", str(shared), env=other)
    assert res.returncode == 0 and "3 reviews" not in res.stdout, res.stdout
    there = _cards(cli, other)["mistakes/no-scale"]
    assert {k: there[k] for k in card} == card
    # lapsed today, it is a re-ask there too: asked after the day's new cards
    res = cli("review", "--plain", input="4\n" * 30, env=other)
    shown = res.stdout.splitlines()
    assert shown[shown.index("Q mistakes/no-scale") + 2] == "  (from your attention attempt of 2026-11-29)"


# -- in-process: canned reports through the CLI's own grade_and_record ------------------------------------

NAMED = {"mistake": "mask-fill-zero", "message": "Masked scores set to 0, not -inf: exp(0) = 1, so masked keys "
         "still get weight. Fill with -inf.", "verified": True, "line": 5,
         "code": "scores = scores.masked_fill(~mask, 0.0)", "step": "masked",
         "how": "region: where mask is False yours 0, expected -inf", "kind": "named"}
MEASURED = {"mistake": None, "message": "measured: your scores are scaled by 1/16", "kind": "measured",
            "verified": False, "line": None, "code": None, "step": None, "how": None}
LOCATED = {"mistake": None, "message": "line 6: `return xhat + gamma + beta`: the step 'scaled': yours is the "
           "expected value plus gamma", "kind": "located", "verified": True, "line": 6,
           "code": "return xhat + gamma + beta", "step": "scaled", "how": "yours is the expected value plus gamma",
           "comparator": "combined"}


def _attempt(study, drill: str, *entries, status: str = "fail", questions: dict | None = None):
    report = {"status": status, "framework": "numpy", "tests": [], "diagnosis": [dict(e) for e in entries]}
    d = SimpleNamespace(name=drill, data={"questions": questions} if questions else {})
    return grade_and_record(study, d, "mine.py", 0, lambda d, p: report)[1]


def _mistake_cards(study) -> dict:
    return {c.id: c for c in study.deck.all_cards() if c.id.startswith(mistakes.PREFIX)}


@pytest.fixture
def study(home):
    s = open_study()
    s.enter_today()
    return s


def test_the_prompt_quotes_the_learners_line_and_the_drill_the_answer_teaches(study):
    said = _attempt(study, "attention", NAMED)
    assert said == "new recall card mistakes/mask-fill-zero: this slip comes back in `studyxf review`"
    card = _mistake_cards(study)["mistakes/mask-fill-zero"]
    assert card.prompt.prompt == ("In your `attention` on Nov 29 you wrote `scores = scores.masked_fill(~mask, 0.0)` "
                                  "(line 5). What is wrong with it, what must it be, and why?")
    assert card.prompt.answer.startswith("Masked scores set to 0, not -inf") and "Fill with -inf" in card.prompt.answer
    assert card.prompt.drill == "attention" and card.slip == "mask-fill-zero"
    assert study.deck.queue()[0] == card.id  # first among the new cards


def test_without_a_line_or_a_question_the_card_still_asks_in_the_drills_terms(study):
    _attempt(study, "attention", {**NAMED, "code": None, "line": None})
    _attempt(study, "rope", {**NAMED, "mistake": "rope-sign", "code": None},
             questions={"rope-sign": "Which way must a pair turn for a positive position?"})
    cards = _mistake_cards(study)
    assert cards["mistakes/mask-fill-zero"].prompt.prompt == (
        "Your `attention` of Nov 29 failed with the slip 'mask-fill-zero'. What went wrong, what is the fix, and why?")
    assert cards["mistakes/rope-sign"].prompt.prompt == (
        "Your `rope` of Nov 29 failed: Which way must a pair turn for a positive position?")


def test_a_drills_question_must_be_text_for_one_of_its_slips(tmp_path):
    import shutil

    from studyxf.grading import catalogue

    folder = tmp_path / "attention"
    shutil.copytree(catalogue.all_drills()["attention"].folder, folder)
    text = (folder / "drill.yaml").read_text()
    text = re.sub(r"(?m)^  scale-d: \"What must.*$", "  scale-d: 3", text)
    (folder / "drill.yaml").write_text(text.replace("questions:\n", "questions:\n  no-such-slip: \"What?\"\n"))
    drill, problems = catalogue.load_drill(folder / "drill.yaml")
    said = sorted(f"{p.field}: {p.message}" for p in problems)
    assert drill is None and said == ["questions.no-such-slip: not a slip of `mistakes`: a question is asked of a "
                                      "slip the grader names", "questions.scale-d: expected a question (text)"]


def test_measured_facts_make_no_card_and_neither_does_a_pass(study):
    assert _attempt(study, "attention", MEASURED) is None
    assert "mistake" not in _attempt(study, "attention", NAMED, status="pass")  # the schedule's line alone
    assert _mistake_cards(study) == {}


def test_one_card_per_slip_across_drills_and_one_lapse_a_day(study, monkeypatch):
    _attempt(study, "attention", NAMED)
    _attempt(study, "attention", NAMED)  # the same day (a watch re-grading each save): nothing more
    _attempt(study, "multi-head-attention", NAMED, NAMED)
    assert list(_mistake_cards(study)) == ["mistakes/mask-fill-zero"]
    assert study.deck.history("mistakes/mask-fill-zero") == []
    monkeypatch.setenv("STUDYXF_NOW", "2026-12-01T09:00:00")
    said = _attempt(study, "multi-head-attention", NAMED)
    assert said == "mistakes/mask-fill-zero again: its card lapsed, back on 2026-12-02"
    history = study.deck.history("mistakes/mask-fill-zero")
    assert [(h["day"], h["grade"], h["reask"]) for h in history] == [("2026-12-01", 1, False)]
    assert _mistake_cards(study)["mistakes/mask-fill-zero"].origin == "from your attention attempt of 2026-11-29"
    slips = mistakes.slips(study.conn)
    # an attempt counts once, a tie goes to the latest
    assert [(s["slip"], s["drill"], s["count"]) for s in slips] == [("mask-fill-zero", "multi-head-attention", 2),
                                                                   ("mask-fill-zero", "attention", 2)]


def test_a_cause_localisation_verified_is_named_by_its_step_and_comparator(study):
    _attempt(study, "layer-norm", LOCATED, MEASURED)
    assert list(_mistake_cards(study)) == ["mistakes/scaled-combined"]
    # as the judge gives it, before the report's contract: "located" is a sort of entry, not a slip
    raw = {**LOCATED, "mistake": "located"}
    del raw["kind"]
    assert mistakes.slip_of(raw) == "scaled-combined"
    assert mistakes.slip_of({**LOCATED, "comparator": None}) is None


def test_the_unnamed_sorts_agree_with_the_runners():
    from studyxf.grading.judge.results import UNNAMED

    assert mistakes.UNNAMED == UNNAMED


def test_config_turns_them_off(home):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[review]\nmistake_cards = false\n")
    s = open_study()
    assert s.config.mistake_cards is False
    assert _attempt(s, "attention", NAMED) is None and _mistake_cards(s) == {}


def test_a_bad_review_table_in_config_is_one_line(home, cli):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("[review]\nmistake_cards = 'no'\n")
    res = cli("cards")
    assert res.returncode == 2 and "mistake_cards: expected true or false" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_the_deck_never_marks_a_mistake_card_removed(study):
    _attempt(study, "attention", NAMED)
    study.conn.execute("DELETE FROM settings WHERE key = 'deck_synced'")  # the next sync does its whole work
    study.deck.sync()
    card = _mistake_cards(study)["mistakes/mask-fill-zero"]
    assert not card.removed and not card.suspended
    assert study.deck.suspend(card.id) and _mistake_cards(study)[card.id].suspended


def test_fsrs_lapses_it_with_again(home, monkeypatch):
    monkeypatch.setenv("STUDYXF_SCHEDULER", "fsrs")
    s = open_study()
    _attempt(s, "attention", NAMED)
    monkeypatch.setenv("STUDYXF_NOW", "2026-12-03T09:00:00")
    _attempt(s, "attention", NAMED)
    assert [(h["grade"], h["scale"]) for h in s.deck.history("mistakes/mask-fill-zero")] == [(1, "fsrs")]


def test_two_machines_making_the_same_slip_have_one_card_with_the_earliest_text(tmp_path, monkeypatch):
    from studyxf.sync import run

    shared = str(tmp_path / "sync")

    def machine(name: str, now: str, code: str):
        monkeypatch.setenv("STUDYXF_HOME", str(tmp_path / name))
        monkeypatch.setenv("STUDYXF_NOW", now)
        s = open_study()
        _attempt(s, "attention", {**NAMED, "code": code})
        return s

    def sync(s, name, now):
        monkeypatch.setenv("STUDYXF_HOME", str(tmp_path / name))
        monkeypatch.setenv("STUDYXF_NOW", now)
        run.sync(s, shared)

    desk = machine("desk", "2026-11-29T20:00:00", "s = s.masked_fill(~m, 0)")
    laptop = machine("laptop", "2026-11-30T08:00:00", "scores[~mask] = 0")
    for s, name in ((desk, "desk"), (laptop, "laptop"), (desk, "desk")):
        sync(s, name, "2026-11-30T09:00:00")
    texts = []
    for s in (desk, laptop):
        cards = _mistake_cards(s)
        assert list(cards) == ["mistakes/mask-fill-zero"]
        texts.append(cards["mistakes/mask-fill-zero"].prompt.prompt)
        assert s.conn.execute("SELECT COUNT(*) FROM events WHERE kind = 'mistake-card'").fetchone()[0] == 2
    assert texts[0] == texts[1] and "s = s.masked_fill(~m, 0)" in texts[0]


def _line(**fields) -> bytes:
    event = {"id": "abc:1", "at": "2026-11-29T20:00:00+00:00", "kind": "mistake-card", "card": "mistakes/no-scale",
             "slip": "no-scale", "drill": "attention", "prompt": "What?", "answer": "This.", "day": "2026-11-29",
             "line": 3, "code": "s = q @ k.T"}
    event.update(fields)
    return json.dumps(event).encode()


@pytest.mark.parametrize("fields, why", [
    ({"card": "transformers-1/why"}, "is not mistakes/<slip id>"),
    ({"slip": "No Scale", "card": "mistakes/No Scale"}, "is not mistakes/<slip id>"),
    ({"prompt": "x" * 9000}, "prompt longer than 8192"),
    ({"answer": None}, "answer missing"),
    ({"day": "9999-01-01"}, "outside 2000-2200"),
    ({"line": "3"}, "line not an integer"),
    ({"code": "\x1b[2J"}, "control character"),
])
def test_the_sync_reader_types_and_caps_a_mistake_card_event(fields, why):
    event, _, error = folder.check(_line(**fields), "abc")
    assert event is None and why in error, error
    event, seq, error = folder.check(_line(), "abc")
    assert error is None and seq == 1 and event["slip"] == "no-scale"


def test_an_existing_database_gains_the_table_after_a_backup(home):
    from studyxf.store import db

    conn = db.connect()
    conn.execute("DROP TABLE mistake_cards")
    conn.execute("PRAGMA user_version = 9")
    conn.close()
    conn = db.connect()
    assert conn.execute("PRAGMA user_version").fetchone()[0] == db.SCHEMA_VERSION
    assert conn.execute("SELECT COUNT(*) FROM mistake_cards").fetchone()[0] == 0
    assert list((home / "backups").glob("studyxf-before-migration-9-to-*.sqlite3"))


def test_the_app_reviews_it_with_its_origin_and_the_browser_finds_it_by_its_tag(study):
    import asyncio

    from studyxf.tui.app import StudyApp

    code = "s = np.where(mask[b], s, 0.0)"  # [b] is Rich markup for bold: shown as written, not read as markup
    _attempt(study, "attention", {**NAMED, "code": code})
    app = StudyApp(study, session_id="transformers-1")

    async def go():
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            await app.screen.ready.wait()
            overview = " ".join(getattr(t, "plain", "") for v in app.screen.query(".overview-text")
                                for t in getattr(v.content, "renderables", []))
            assert "Weak spots" in overview and "mask-fill-zero x1 in attention" in overview
            await pilot.press("B")
            await pilot.pause()
            browser = app.screen
            browser.query_one("#browser-search").value = "mistake attention"
            await pilot.pause()
            assert [r["id"] for r in browser.matching()] == ["mistakes/mask-fill-zero"]
            detail = str(browser.query_one("#browser-detail").render())
            assert code in detail and "(from your attention attempt of 2026-11-29)" in detail
            await pilot.press("escape", "escape")
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert screen.card.id == "mistakes/mask-fill-zero"
            prompt = str(screen.query_one("#card-prompt").render())
            assert code in prompt and "(from your attention attempt of 2026-11-29)" in prompt

    asyncio.run(go())
