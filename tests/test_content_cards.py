"""The shipped cards follow the rules of formulating knowledge (issue 27): an answer a person can
recall (at most 40 words), and no two cards asking for the same fact."""

import itertools
import re

import pytest
import yaml

from tests.conftest import ROOT

MAX_WORDS = 40
# Token Jaccard of two cards' content words (prompt and answer together). On the content the
# second audit read, the three KV-cache cards that asked one number (Llama-3-70B at 4K, per token,
# Llama-2-70B at 8K) scored 0.43-0.47 against each other and every other pair at most 0.25: 0.35
# sits in that gap. It measures shared words only: two cards that say one fact in other words
# (the audit's `mha-why-heads` / `why-multi-head` scored 0.18) need a reader, not this test.
NEAR_DUPLICATE = 0.35
STOP = set("""a an the of to in on at by for with and or is are be as it its this that what which how why
does do did from into than then not no one each per any all when where who can you your their there
these those over under between about up so if but also only same other both""".split())


def _cards():
    out = []
    for path in sorted((ROOT / "sessions").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out += [(f"{data['id']}/{r['id']}", r) for r in data.get("recall") or []]
    return out


CARDS = _cards()


def words(text: str) -> list[str]:
    """The words to recall: tokens with a letter in them. A formula's or a derivation's numbers and
    operators (`2 · 80 · 8 · 128 · 2 = 327,680`) are the working, not words to remember."""
    return [t for t in text.split() if re.search(r"[^\W\d_]", t)]


def content_words(text: str) -> set[str]:
    tokens = re.findall(r"[a-z0-9]+", text.lower())
    return {t[:-1] if len(t) > 3 and t.endswith("s") else t for t in tokens if t not in STOP and len(t) > 1}


def jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def test_there_are_cards_to_check():
    assert len(CARDS) >= 40


def test_words_count_letters_not_the_working():
    assert len(words("2 · 80 · 8 · 128 · 2 = 327,680 bytes = 320 KiB per token")) == 4
    assert len(words("softmax(Q·Kᵀ / √d_k) · V")) == 3


@pytest.mark.parametrize("card_id,card", CARDS, ids=[c for c, _ in CARDS])
def test_every_answer_is_short_enough_to_recall(card_id, card):
    n = len(words(card["answer"]))
    assert n <= MAX_WORDS, f"{card_id}: {n} words (at most {MAX_WORDS})"


def test_no_two_cards_are_near_duplicates():
    found = []
    for (a, ca), (b, cb) in itertools.combinations(CARDS, 2):
        score = jaccard(content_words(ca["prompt"] + " " + ca["answer"]),
                        content_words(cb["prompt"] + " " + cb["answer"]))
        if score >= NEAR_DUPLICATE:
            found.append(f"{a} ~ {b}: {score:.2f}")
    assert not found, found


def test_the_measure_flags_the_kv_cache_cards_the_audit_found():
    """The similarity test would have caught the audited duplicates it can see (same words)."""
    per_token = "Llama-3-70B KV cache per token at fp16? 2 · 80 · 8 · 128 · 2 = 327,680 bytes = 320 KiB per token (with GQA)."
    at_4k = ("KV cache of Llama-3-70B for one 4096-token request at fp16 (80 layers, 8 KV heads, d_head 128)? "
             "2 (K and V) · 80 layers · 8 KV heads · 128 · 2 bytes = 327,680 bytes per token; × 4096 = 1.25 GiB.")
    assert jaccard(content_words(per_token), content_words(at_4k)) >= NEAR_DUPLICATE


def test_cards_merged_by_the_second_audit_are_gone_and_the_kept_ones_stay():
    ids = {c for c, _ in CARDS}
    for gone in ("transformers-2/kv-cache-per-token", "transformers-2/kv-cache-what", "lesson-21/kv-cache-llama2-70b"):
        assert gone not in ids
    for kept in ("transformers-2/kv-cache-llama3-70b", "lesson-21/kv-cache-accelerates", "transformers-1/qkv-roles",
                 "lesson-21/qkv-matrices", "lesson-21/why-multi-head"):
        assert kept in ids  # same id: a learner's reviews of it stay attached


# the third audit's duplicate pairs (issue 45): the card that stays names the one that left, whose
# reviews move onto it at the deck's sync (srs/merges.py, tests/test_merges.py)
THIRD_AUDIT_MERGES = {"transformers-1/mha-why-heads": "lesson-21/why-multi-head",
                      "transformers-1/pre-norm-block": "transformers-2/pre-vs-post-norm",
                      "transformers-2/sinusoidal-extrapolation": "lesson-21/positional-compare",
                      # the second reader's: both asked why 1/sqrt(d_k) and what the variance is
                      "transformers-1/scaling-experiment": "transformers-1/why-scale"}


def test_cards_merged_by_the_third_audit_name_the_cards_whose_history_they_take():
    cards = dict(CARDS)
    for gone, kept in THIRD_AUDIT_MERGES.items():
        assert gone not in cards and gone in cards[kept].get("merged_from", []), (gone, kept)
    merged = [old for _, c in CARDS for old in c.get("merged_from", [])]
    assert len(merged) == len(set(merged)) and not set(merged) & set(cards)


def test_no_card_asks_to_memorise_a_sample_statistic():
    for card_id, card in CARDS:
        text = card["prompt"] + " " + card["answer"]
        assert not re.search(r"\bmedian\b|\b\d+ (random )?seeds\b|% of (the )?(runs|seeds)", text), card_id


def test_a_card_asking_for_one_sentence_answers_with_one():
    for card_id, card in CARDS:
        if "one sentence" in card["prompt"]:
            fact = " ".join(line for line in card["answer"].splitlines() if "studyxf drill" not in line)
            assert fact.count(". ") + fact.rstrip().endswith(".") <= 1, card_id


def test_each_topic_hands_on_says_what_fits_and_marks_the_rest_optional(home, cli):
    """At most two drills or labs in a 30-minute hands-on; the rest listed under Optional."""
    for sid in ("transformers-1", "transformers-2", "lesson-21"):
        data = yaml.safe_load(next((ROOT / "sessions").glob(f"*-{sid}.yaml")).read_text(encoding="utf-8"))
        h = data["hands_on"]
        assert len(h.get("drills", [])) + len(h.get("labs", [])) <= 3, sid
        assert h.get("optional_drills"), sid
        assert "fit" in h["intro"] and "optional" in h["intro"], sid
        out = cli("today", "--plain", "--session", sid).stdout
        hands = out.split("Drills that fit the time")[1]
        optional = hands.split("Optional, if time is left (or in the revision)")[1]
        for name in h["optional_drills"]:
            assert f"studyxf drill {name}" in optional, (sid, name)
        for name in h["drills"]:
            assert f"studyxf drill {name}" in hands.split("Optional, if time")[0], (sid, name)


def test_a_revision_day_takes_what_fits_its_card_slot_and_the_rest_stays_due(home, cli):
    """After a week away every card of the block is due (47): the revision takes 25 (its 25-minute
    slot), says how many stay due, and those stay due in the usual order for `review`."""
    import json

    from studyxf.content.curriculum import REVISION_CARDS
    from studyxf.study import open_study

    study = open_study()
    block = [study.curriculum.get(s) for s in ("transformers-1", "transformers-2", "lesson-21")]
    for s in block:
        study.deck.enter_session(s)
    study.conn.execute("UPDATE cards SET reps = 2, ef_milli = 2500, interval = 6, due = '2026-11-22', "
                       "last_day = '2026-11-16'")
    study.conn.commit()
    for _ in range(3):
        cli("complete")
    due = [c["id"] for c in json.loads(cli("cards", "--due", "--json").stdout)]
    assert len(due) == sum(len(s.recall) for s in block) > REVISION_CARDS == 25
    out = cli("today", "--plain").stdout
    assert "Revision 1" in out and f"takes {REVISION_CARDS} of its {len(due)} due cards" in out
    res = cli("review", "--plain", "--session", "revision-1", input="5\n" * 80)
    asked = [line.split()[1] for line in res.stdout.splitlines() if line.startswith("Q ")]
    assert asked == due[:REVISION_CARDS]  # the usual order: by due date, then curriculum order
    assert f"{len(due) - REVISION_CARDS} more stay due, in the usual order" in res.stdout
    assert res.stdout.splitlines()[-1].startswith(f"summary reviewed={REVISION_CARDS} ")
    left = [c["id"] for c in json.loads(cli("cards", "--due", "--json").stdout)]
    assert left == due[REVISION_CARDS:]
    again = cli("review", "--plain", "--session", "revision-1", input="5\n")
    assert "slot is already full today" in again.stdout and "Q " not in again.stdout


def test_a_revision_counts_only_its_required_items(home, cli):
    """The optional checklist of the covered sessions is not in the revision's progress counter."""
    import json

    from studyxf.store import progress
    from studyxf.study import open_study

    for _ in range(3):
        cli("complete")
    rows = {r["id"]: r for r in json.loads(cli("sessions", "--json").stdout)}
    assert rows["revision-1"]["progress"] == {"ticked": 0, "total": 3}  # was 0/22: 19 optional items counted
    assert rows["transformers-1"]["progress"]["total"] == 13  # a topic: deliverables and checklist
    study = open_study()
    for i in range(3):
        progress.set_check(study.conn, "revision-1", "deliverable", i, True)
    progress.set_check(study.conn, "revision-1", "checklist", 0, True)  # optional: not counted
    study.conn.commit()
    line = next(line for line in cli("sessions").stdout.splitlines() if "revision-1" in line)
    assert " 3/3 " in line  # the required work done reads as done (it read 3/22)


def test_cards_the_second_reader_found_ask_for_the_reasoning():
    """Issue 45's second read: a prompt that held its own derivation, a yes/no card, and a residual
    card that said the whole gradient arrives unchanged."""
    cards = dict(CARDS)
    width = cards["transformers-2/swiglu-width"]["prompt"]
    assert not re.search(r"three|two d|d × h|8d|2/3", width)  # the matrix counts and shapes are the answer's
    heads = cards["lesson-21/head-counts"]
    assert "would" not in heads["prompt"] and "12288" not in heads["prompt"]  # not a yes/no, not a division
    assert "halves" in heads["answer"] and "doubles" in heads["answer"]
    residual = cards["transformers-1/residual-matters"]["answer"]
    assert "Π(I + J_i)" in residual and "one term" in residual and "carries the gradient" not in residual
