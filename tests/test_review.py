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
