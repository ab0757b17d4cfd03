import json
import re

import pytest


def _cards(cli, *args, env=None):
    res = cli("cards", "--json", *args, env=env)
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def test_fresh_deck_holds_the_first_sessions_cards(home, cli):
    cards = _cards(cli)
    assert cards and {c["session"] for c in cards} == {"transformers-1"}
    c = cards[0]
    assert set(c) >= {"id", "session", "prompt", "repetitions", "ef", "interval", "due", "reviews", "suspended"}
    assert (c["repetitions"], c["ef"], c["interval"], c["due"], c["reviews"], c["suspended"]) == (0, 2.5, 0, None, 0, False)
    assert [c["id"] for c in _cards(cli, "--due")] == [c["id"] for c in cards]


def test_plain_protocol_grade_reask_undo_summary(home, cli):
    first = _cards(cli, "--due")[0]["id"]
    res = cli("review", "--plain", input="\n2\nq\n")
    lines = res.stdout.splitlines()
    assert lines[0] == f"Q {first}" and lines[1].startswith("  ")
    assert "A" in lines and "= 2 due 2026-11-30" in lines
    assert lines[-1] == "summary reviewed=1 again=1 next=2026-11-29"
    # the failed card comes back the same day, after the others, and a re-ask changes nothing
    due = [c["id"] for c in _cards(cli, "--due")]
    assert due[-1] == first
    state = next(c for c in _cards(cli) if c["id"] == first)
    assert (state["repetitions"], state["interval"], state["due"], state["reviews"]) == (0, 1, "2026-11-30", 1)
    # undo: the log row goes and the card is shown again next
    res = cli("review", "--plain", input="4\nu\nq\n")
    out = res.stdout.splitlines()
    qs = [l for l in out if l.startswith("Q ")]
    assert qs[2] == qs[0]  # graded, next card shown, undo: the graded card again
    assert out[-1].startswith("summary reviewed=0 again=0")


def test_unknown_lines_print_question_mark_and_skip_suspend(home, cli):
    due = [c["id"] for c in _cards(cli, "--due")]
    res = cli("review", "--plain", input="hello\ns\n!\nq\n")
    out = res.stdout.splitlines()
    assert "?" in out
    assert [l for l in out if l.startswith("Q ")][:2] == [f"Q {due[0]}", f"Q {due[1]}"]
    cards = {c["id"]: c for c in _cards(cli)}
    assert cards[due[1]]["suspended"] and not cards[due[0]]["suspended"]


def test_numeric_card_graded_against_the_engine(home, cli):
    cid = "transformers-1/attention-memory-4096"
    before = [c["id"] for c in _cards(cli, "--due")].index(cid)  # suspend the cards shown before it
    res = cli("review", "--plain", "--session", "transformers-1", input="s\n" * before + "=1 GiB\nq\n")
    assert f"Q {cid}" in res.stdout
    block = res.stdout.split(f"Q {cid}")[1]
    assert "engine: 1 GiB" in block and "= 5 due 2026-11-30" in block


def test_a_typed_answer_that_is_not_a_number_is_asked_again_never_graded(home, cli):
    cid = "transformers-1/attention-flops-4096"  # 8.8 TFLOP
    before = [c["id"] for c in _cards(cli, "--due")].index(cid)
    res = cli("review", "--plain", "--session", "transformers-1",
              input="s\n" * before + "=8.8 TFLOPS.\n=8,8 TFLOPs\nq\n")
    block = res.stdout.split(f"Q {cid}")[1].splitlines()
    assert "?" in block and "= 5 due 2026-11-30" in block, block  # the typo changes nothing; 8,8 TFLOPs is right
    reviews = {c["id"]: c["reviews"] for c in _cards(cli)}
    assert reviews[cid] == 1


@pytest.mark.parametrize("typed,value", [("8.8", 8.8), ("8,8", 8.8), ("1,073,741,824", 1073741824.0),
                                         ("8.8 TFLOPs", 8.8e12), ("8.8tflops", 8.8e12), ("2 GBs", 2e9),
                                         ("1_000", 1000.0), ("-1.5e3", -1500.0), ("1,250", 1250.0),
                                         ("1 gibibyte", 2 ** 30), ("8.8 teraflops", 8.8e12), ("2 Gigabytes", 2e9)])
def test_typed_numbers_as_learners_write_them(typed, value):
    from studyxf.srs import numeric

    assert numeric.parse(typed) == pytest.approx(value)


@pytest.mark.parametrize("typed", ["abc", "1,2,3", "8.8 parsecs", "", "1.0."])
def test_text_that_is_not_a_number_is_refused(typed):
    from studyxf.srs import numeric

    with pytest.raises(ValueError):
        numeric.parse(typed)


def test_new_card_limit_and_rollover(home, cli, monkeypatch):
    (home).mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("new_cards_per_day = 3\n")
    assert len(_cards(cli, "--due")) == 3
    cli("review", "--plain", input="5\n5\n5\n")
    assert _cards(cli, "--due") == []
    # 02:00 the next calendar day is still the same study day (rollover at 04:00)
    assert _cards(cli, "--due", env={"STUDYXF_NOW": "2026-11-30T02:00"}) == []
    nxt = _cards(cli, "--due", env={"STUDYXF_NOW": "2026-11-30T05:00"})
    assert len(nxt) == 6 and nxt[0]["due"] == "2026-11-30" and nxt[-1]["due"] is None


def test_month_away_then_clock_backwards(home, cli):
    cli("review", "--plain", input="5\n" * 20)
    later = {"STUDYXF_NOW": "2027-01-05T20:00"}
    due = _cards(cli, "--due", env=later)
    dues = [c["due"] for c in due if c["due"]]
    assert dues == sorted(dues)  # overdue first, by due date
    res = cli("review", "--plain", input="5\n", env=later)
    m = re.search(r"= 5 due (\S+)", res.stdout)
    assert m.group(1) == "2027-01-11"  # the stored interval 1 -> 6 days from the answer's day
    back = cli("review", "--plain", input="q\n", env={"STUDYXF_NOW": "2026-12-01T20:00"})
    assert back.returncode == 0


def test_invalid_now_is_a_usage_error(home, cli):
    res = cli("cards", env={"STUDYXF_NOW": "yesterday"})
    assert res.returncode == 2 and res.stderr.startswith("studyxf: error: STUDYXF_NOW")


def test_plain_help_lists_the_keys_and_b_buries_and_u_undoes_bury_and_suspend(home, cli):
    res = cli("review", "--plain", input="help\nq\n")
    keys = [line for line in res.stdout.splitlines() if line.startswith("# ")]
    assert len(keys) >= 8 and any(k.startswith("# b ") for k in keys) and "?" not in res.stdout.splitlines()
    first = _cards(cli, "--due")[0]["id"]
    res = cli("review", "--plain", input="b\nq\n")
    state = {c["id"]: c["state"] for c in _cards(cli)}
    assert state[first] == "buried" and first not in [c["id"] for c in _cards(cli, "--due")]
    res = cli("review", "--plain", input="!\nu\nq\n")  # suspend the next card, then take it back
    qs = [line for line in res.stdout.splitlines() if line.startswith("Q ")]
    assert qs[2] == qs[0]  # suspended, the next card shown, undo: the suspended card again
    assert {c["id"]: c["state"] for c in _cards(cli)}[qs[0].split()[1]] == "new"
    res = cli("review", "--plain", input="2\nq\n")  # graded below 4: learning until it scores 4
    graded = res.stdout.splitlines()[0].split()[1]
    assert {c["id"]: c["state"] for c in _cards(cli)}[graded] == "learning"


def test_anki_export_tags_each_card_with_its_session_and_marks_suspended_ones(home, cli, tmp_path):
    import sqlite3
    import zipfile

    first = _cards(cli, "--due")[0]["id"]
    assert cli("cards", "--suspend", first).returncode == 0
    out = tmp_path / "deck.apkg"
    res = cli("export", "--anki", str(out))
    assert res.returncode == 0, res.stderr
    with zipfile.ZipFile(out) as z:
        z.extract("collection.anki2", tmp_path)
    conn = sqlite3.connect(tmp_path / "collection.anki2")
    rows = conn.execute("SELECT n.tags, c.queue FROM notes n JOIN cards c ON c.nid = n.id").fetchall()
    assert rows and all("transformers-1" in tags for tags, _ in rows)
    suspended = [tags for tags, queue in rows if queue == -1]
    assert len(suspended) == 1 and "suspended" in suspended[0]


# -- issue 25: skip, the answer bar, typed answers, nothing due, the screen at 80x24 and 100x30 ----------

def test_plain_a_skipped_card_comes_back_after_the_others_and_the_review_ends_when_none_is_left(home, cli):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("new_cards_per_day = 3\n")
    due = [c["id"] for c in _cards(cli, "--due")]
    res = cli("review", "--plain", input="s\n5\n5\ns\n5\n")  # skipped twice: last, and last again
    qs = [line.split()[1] for line in res.stdout.splitlines() if line.startswith("Q ")]
    assert qs == [due[0], due[1], due[2], due[0], due[0]]
    assert res.stdout.splitlines()[-1] == "summary reviewed=3 again=0 next=2026-11-30"
    assert _cards(cli, "--due") == []


def test_plain_with_nothing_due_says_when_the_next_card_is(home, cli):
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("new_cards_per_day = 2\n")
    cli("review", "--plain", input="5\n5\n")
    out = cli("review", "--plain", input="").stdout.splitlines()
    assert out[0].startswith("# nothing due, next at 2026-11-30 (tomorrow, from 04:00)")
    assert "today's new cards are done (2 a day: new_cards_per_day in config.toml)" in out[0]
    assert out[-1] == "summary reviewed=0 again=0 next=2026-11-30"
    out = cli("review", "--plain", input="", env={"STUDYXF_NOW": "2026-11-30T20:00"}).stdout.splitlines()
    assert out[0].startswith("Q ")  # due now: no such line


def test_a_typed_answer_outside_the_tolerance_is_wrong_and_its_grade_fails():
    from studyxf.srs import numeric

    calc = {"name": "attention", "field": "flops", "unit": "TFLOP", "tolerance": 0.02,
            "args": {"batch": 1, "layers": 32, "heads": 32, "head_dim": 128, "tokens": 4096}}  # 8.796 TFLOP
    for typed, grade, said in (("8.8", 5, "right (within 2%)"), ("8.2", 2, "wrong, but close (right is within 2%)"),
                               ("64", 1, "wrong (right is within 2%)")):
        q, want, got = numeric.quality(typed, calc)
        assert q == grade and said in numeric.verdict(got, want, calc)


def test_what_the_answer_bar_says_each_grade_does_is_what_it_does(home):
    """For every grade: 'comes back today' exactly when the card is asked again today, and the days
    shown are the days until its due date; a re-ask keeps the due date."""
    from datetime import timedelta

    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    deck, day = study.deck, study.deck.today()
    card = deck.next_id()
    study.conn.execute("UPDATE cards SET reps = 3, interval = 20, due = ?, last_day = '2026-10-01' WHERE id = ?",
                       (day.isoformat(), card))

    def check():
        outcomes = deck.outcomes(card)
        for q, outcome in outcomes.items():
            review_id, due = deck.answer(card, q)
            assert outcome.again_today == (card in deck.reasks()), q
            assert day + timedelta(days=outcome.days) == due, q
            deck.undo(review_id)
        assert [o.again_today for o in outcomes.values()] == [True] * 4 + [False] * 2
        return [o.days for o in outcomes.values()]

    assert check() == [1, 1, 1, 50, 50, 50]  # ceil(20 * 2.5) with the EF before the grade
    deck.answer(card, 2)
    assert check() == [1] * 6  # a re-ask: every grade keeps the due date the 2 gave
    assert all(o.days is None and not o.again_today for o in deck.outcomes(card, practice=True).values())


def test_the_answer_bar_names_a_lapse_that_makes_a_leech(home):
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    card = study.deck.next_id()
    study.conn.execute("UPDATE cards SET reps = 3, interval = 20, due = '2026-11-29', last_day = '2026-10-01', "
                       "lapses = 7 WHERE id = ?", (card,))
    outcomes = study.deck.outcomes(card)
    assert [o.leech for o in outcomes.values()] == [True] * 3 + [False] * 3
    assert not outcomes[0].again_today  # suspended: it does not come back today
    study.deck.answer(card, 0)
    assert study.deck.get(card).suspended and card not in study.deck.reasks()


def test_answer_bar_fits_one_line_with_shorter_forms_when_narrow():
    from studyxf.srs.deck import Outcome
    from studyxf.srs.schedulers import Sm2
    from studyxf.srs.session import answer_bar

    new = {q: Outcome(q < 4, 1) for q in range(6)}
    bar, note = answer_bar(Sm2(), new, 96)
    assert "[b]0[/b] Blank today+1d" in bar and "[b]4[/b] Good 1d" in bar
    assert note == "today+Nd: back later today until you score 4 or more, then due in N days"
    bar, note = answer_bar(Sm2(), new, 76)
    assert "[b]3[/b] Hard 1d*" in bar and note.startswith("Nd*: back later today")
    old = {q: Outcome(q < 4, 1 if q < 3 else 800) for q in range(6)}  # years: names kept, one space apart
    bar, _ = answer_bar(Sm2(), old, 76)
    assert "Easy 2.2y" in bar and len(bar.replace("[b]", "").replace("[/b]", "")) <= 76
    bar, note = answer_bar(Sm2(), {q: Outcome(False, None) for q in range(6)}, 76)
    assert "[b]5[/b] Easy" in bar and note == "practice: no schedule changes"


def test_reflow_joins_hard_wrapped_lines_and_keeps_list_items():
    from studyxf.srs.plain import reflow

    text = ("1. Sequential dependency: step t waits for step t-1, so GPUs sit idle; attention processes\n"
            "   the whole sequence in parallel in one matrix multiply.\n"
            "2. Long-range decay: gradients from distant tokens vanish or explode; with attention any\n"
            "   position reaches any other in O(1) hops.\n"
            "The price is O(T²) attention cost.\n")
    assert reflow(text).splitlines() == [
        "1. Sequential dependency: step t waits for step t-1, so GPUs sit idle; attention processes the whole "
        "sequence in parallel in one matrix multiply.",
        "2. Long-range decay: gradients from distant tokens vanish or explode; with attention any position "
        "reaches any other in O(1) hops.",
        "The price is O(T²) attention cost."]
    short = "tokens → embed → block 1 → … → block N → final LN → unembed → logits.\nThe stream has shape."
    assert reflow(short) == short  # a short line broken on purpose stays


def _review_app(home, new_cards: int = 3, **kw):
    from studyxf.study import open_study
    from studyxf.tui.app import StudyApp

    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(f"new_cards_per_day = {new_cards}\n")
    study = open_study()
    study.enter_today()
    return study, StudyApp(study, start="review", **kw)


def test_review_screen_brings_a_skipped_card_back_and_finishes_when_none_is_left(home):
    import asyncio

    study, app = _review_app(home)
    due = study.deck.queue()

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen, seen = app.screen, []
            await pilot.press("s")
            for _ in range(3):
                seen.append(screen.card.id)
                await pilot.press("space", "5")
                await pilot.pause()
            summary = str(screen.query_one("#summary").render())
            assert screen.card is None and "Review finished" in summary and "reviewed: 3" in summary
            assert "next due: 2026-11-30 (tomorrow, from 04:00)" in summary
            return seen

    assert asyncio.run(go()) == [due[1], due[2], due[0]]
    assert study.deck.queue() == []


def test_review_screen_with_nothing_due_says_when_the_next_card_is(home):
    import asyncio

    study, app = _review_app(home, new_cards=1)
    study.deck.answer(study.deck.next_id(), 5)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            summary = str(app.screen.query_one("#summary").render())
            assert "Nothing due, next at 2026-11-30 (tomorrow, from 04:00)" in summary
            assert "Review finished" not in summary and "reviewed" not in summary

    asyncio.run(go())


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_review_screen_lays_out_the_answer_and_a_one_line_bar(home, size):
    import asyncio

    study, app = _review_app(home)
    card = "transformers-1/why-not-rnn"
    assert study.deck.next_id() == card

    async def go():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            await pilot.press("space")
            await pilot.pause()
            answer = str(screen.query_one("#card-answer").render())
            assert "attention processes all positions in parallel" in answer  # one paragraph: wrapped once, by the screen
            bar = screen.query_one("#answer-bar")
            lines = str(bar.render()).splitlines()
            assert bar.size.height == 2 and len(lines) == 2  # the grades on one line, the note on the next
            assert all(f"{q} {name}" in lines[0] for q, name in
                       ((0, "Blank"), (1, "Wrong"), (2, "Almost"), (3, "Hard"), (4, "Good"), (5, "Easy")))
            marked = "today+1d" if size[0] == 100 else "1d*"
            assert f"3 Hard {marked}" in lines[0] and f"4 Good 1d" in lines[0] and f"4 Good {marked}" not in lines[0]
            assert "back later today until you score 4 or more" in lines[1]

    asyncio.run(go())


def test_review_screen_typed_answer_outside_the_tolerance_proposes_a_failing_grade(home):
    import asyncio

    from studyxf.study import open_study
    from studyxf.tui.app import StudyApp

    card = "transformers-1/attention-flops-4096"  # 8.796 TFLOP, right within 2%
    study = open_study()
    study.enter_today()
    study.conn.execute("UPDATE cards SET buried_until = '2099-01-01' WHERE id != ?", (card,))
    app = StudyApp(study, start="review")

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("equals_sign", *"8.2", "enter")
            feedback = str(app.screen.query_one("#feedback").render())
            assert "relative error 6.78%: wrong, but close (right is within 2%)" in feedback
            assert "proposed grade: 2 Almost (wrong, but nearly there)" in feedback
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen.card.id == card  # wrong: asked again today

    asyncio.run(go())
    assert study.conn.execute("SELECT grade, typed FROM reviews").fetchall() == [(2, "8.2")]
