"""`studyxf review --plain`: DESIGN.md's line protocol on stdin/stdout, for scripts and screen readers."""

from __future__ import annotations

import time
from typing import TextIO

from studyxf.srs import numeric
from studyxf.srs.deck import Deck


def _block(out: TextIO, head: str, text: str) -> None:
    out.write(head + "\n")
    for line in text.splitlines() or [""]:
        out.write(f"  {line}\n")


def answer_text(card) -> str:
    text = card.prompt.answer if card.prompt else "(this card's prompt is no longer in the curriculum)"
    if card.prompt and card.prompt.kind == "numeric" and card.prompt.calc:
        value = numeric.expected(card.prompt.calc)
        text += f"\nengine: {value:.6g} {card.prompt.calc.get('unit', '')}".rstrip()
    return text


def prompt_text(card) -> str:
    if card.prompt is None:
        return card.id
    text = card.prompt.prompt
    if card.prompt.kind == "numeric":
        text += "\n(type =<number> to answer)"
    return text


def help_lines(scheduler) -> list[str]:
    first, last = scheduler.grades[0], scheduler.grades[-1]
    names = ", ".join(f"{g} {scheduler.meaning[g]}" for g in scheduler.grades)
    return [
        "# empty line   show the answer",
        f"# {first}-{last}          grade the card ({scheduler.name.upper()}; the answer is shown first if it was not)",
        f"#              {names}",
        *HELP]


HELP = [
    "# =<number>    a numeric card's typed answer, graded against the engine's figure",
    "# u            undo the latest grade, suspension or burial (again: the one before)",
    "# s            skip this card for now",
    "# !            suspend this card",
    "# b            bury this card until the next study day",
    "# help         this list",
    "# q            stop (end of input stops too)",
]


def run(deck: Deck, inp: TextIO, out: TextIO, sessions: set[str] | None = None,
        practice: bool = False) -> int:
    from studyxf.srs.session import Sitting

    sitting = Sitting(deck, practice)
    skipped: set[str] = set()
    front: str | None = None  # a card to show next (after an undo)

    def next_card():
        nonlocal front
        if front is not None:
            card_id, front = front, None
            return deck.get(card_id)
        if practice:
            ids = deck.practice_ids(sessions, sitting.practice_done | skipped)
            card_id = ids[0] if ids else None
        else:
            card_id = deck.next_id(skipped, sessions)
        return deck.get(card_id) if card_id else None

    def say(*lines: str) -> None:
        for line in lines:
            out.write(line + "\n")
        out.flush()

    while True:
        card = next_card()
        if card is None:
            break
        _block(out, f"Q {card.id}", prompt_text(card))
        out.flush()
        shown = False
        started = time.monotonic()
        stop = False
        while True:
            line = inp.readline()
            if not line:
                stop = True
                break
            cmd = line.strip()
            if cmd == "":  # reveal (again, if asked twice: it changes nothing)
                _block(out, "A", answer_text(card))
                shown = True
                out.flush()
                continue
            quality = None
            typed = None
            if len(cmd) == 1 and cmd.isdigit() and int(cmd) in deck.scheduler.grades:
                quality = int(cmd)
            elif cmd.startswith("=") and card.prompt and card.prompt.kind == "numeric":
                typed = cmd[1:].strip()
                proposed = numeric.quality(typed, card.prompt.calc)[0]
                quality = None if proposed is None else deck.scheduler.from_quality(proposed)
            if quality is not None:
                if not shown:
                    _block(out, "A", answer_text(card))
                    shown = True
                due = sitting.grade(card.id, quality, time.monotonic() - started, typed)
                say(f"= {quality} due {due.isoformat() if due else 'none'}")
                break
            if cmd == "u":
                card_id = sitting.undo()
                if card_id is None:
                    say("?")
                    continue
                front = card_id
                break
            if cmd == "s":
                skipped.add(card.id)
                break
            if cmd == "!":
                sitting.suspend(card.id)
                break
            if cmd == "b":
                sitting.bury(card.id)
                break
            if cmd == "help":
                say(*help_lines(deck.scheduler))
                continue
            if cmd == "q":
                stop = True
                break
            say("?")
        if stop:
            break
    nxt = deck.next_due()
    say(f"summary reviewed={sitting.reviewed} again={sitting.again} next={nxt.isoformat() if nxt else 'none'}")
    return 0
