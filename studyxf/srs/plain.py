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


def run(deck: Deck, inp: TextIO, out: TextIO, sessions: set[str] | None = None,
        practice: bool = False) -> int:
    reviewed = again = 0
    undo_stack: list[tuple[int, int]] = []  # (review id, quality)
    skipped: set[str] = set()
    practice_done: set[str] = set()
    front: str | None = None  # a card to show next (after an undo)

    def next_card():
        nonlocal front
        if front is not None:
            card_id, front = front, None
            return deck.get(card_id)
        if practice:
            ids = deck.practice_ids(sessions, practice_done | skipped)
            card_id = ids[0] if ids else None
        else:
            card_id = deck.next_id(skipped, sessions)
        return deck.get(card_id) if card_id else None

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
            if len(cmd) == 1 and cmd in "012345":
                quality = int(cmd)
            elif cmd.startswith("=") and card.prompt and card.prompt.kind == "numeric":
                typed = cmd[1:].strip()
                quality = numeric.quality(typed, card.prompt.calc)[0]
            if quality is not None:
                if not shown:
                    _block(out, "A", answer_text(card))
                    shown = True
                review_id, due = deck.answer(card.id, quality, time.monotonic() - started, typed,
                                             practice=practice)
                undo_stack.append((review_id, quality))
                reviewed += 1
                again += quality < 3
                if practice:
                    practice_done.add(card.id)
                out.write(f"= {quality} due {due.isoformat() if due else 'none'}\n")
                out.flush()
                break
            if cmd == "u":
                if not undo_stack:
                    out.write("?\n")
                    out.flush()
                    continue
                review_id, undone_quality = undo_stack.pop()
                card_id = deck.undo(review_id)
                reviewed -= 1
                again -= undone_quality < 3
                practice_done.discard(card_id)
                front = card_id
                break
            if cmd == "s":
                skipped.add(card.id)
                break
            if cmd == "!":
                deck.suspend(card.id)
                break
            if cmd == "q":
                stop = True
                break
            out.write("?\n")
            out.flush()
        if stop:
            break
    nxt = deck.next_due()
    out.write(f"summary reviewed={reviewed} again={again} next={nxt.isoformat() if nxt else 'none'}\n")
    out.flush()
    return 0
