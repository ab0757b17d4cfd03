"""`studyxf review --plain`: DESIGN.md's line protocol on stdin/stdout, for scripts and screen readers."""

from __future__ import annotations

import re
import time
from typing import TextIO

from studyxf.srs import numeric
from studyxf.srs.deck import Deck


_ITEM = re.compile(r"^(\d+[.)]|[-+*•−–]|[a-z][.)])\s")  # "1. ", "- ", "+ ", "a) ": an item of a list


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
    if getattr(card, "origin", None):  # a mistake card says where it came from
        text += f"\n({card.origin})"
    return text


def due_words(deck: Deck, due) -> str:
    """A due date as Anki says it, relative to the study day: "tomorrow (Fri 4 Dec, 1d)", "in 6 days
    (Wed 9 Dec, 6d)", "today (Thu 3 Dec)"; "not scheduled" for none."""
    from studyxf import clock
    from studyxf.srs.session import interval_label

    if due is None:
        return "not scheduled"
    today = deck.today()
    days = (due - today).days
    return f"{clock.day_words(due, today)} ({clock.short_date(due)}" + (f", {interval_label(days)})" if days > 0 else ")")


def study_day_note(deck: Deck) -> str | None:
    """Past midnight, before the rollover: which study day "today" and "tomorrow" count from."""
    from studyxf import clock

    return clock.study_day_note(clock.now(), deck.config.rollover_hour)


def next_at(deck: Deck, sessions: set[str] | None = None) -> str | None:
    """When the next card (of these sessions) can be reviewed, in words; None when none is scheduled."""
    nxt = deck.next_due(sessions=sessions)
    if nxt is None:
        return None
    days = (nxt - deck.today()).days
    if days < 1:
        return f"{nxt.isoformat()} (now)"
    when = "tomorrow" if days == 1 else f"in {days} days"
    return f"{nxt.isoformat()} ({when}, from {deck.config.rollover_hour:02d}:00)"  # the study day's start


def nothing_due(deck: Deck, sessions: set[str] | None = None) -> str:
    """What the review says when it has nothing to show: when the next card is due."""
    when = next_at(deck, sessions)
    said = f"nothing due, next at {when}" if when else "nothing due, and no card is scheduled"
    if deck.limits_left()[0] == 0 and deck.new_ids(limit=1):
        said += f"; today's new cards are done ({deck.config.new_cards_per_day} a day: new_cards_per_day in config.toml)"
    return said


def slot_full(sitting, sessions: set[str] | None = None) -> str:
    from studyxf.content.curriculum import REVISION_CARD_MINUTES

    return (f"the revision's card slot is full ({len(sitting.taken)} cards, about {REVISION_CARD_MINUTES} min): "
            f"{sitting.held_back(sessions)} more stay due, in the usual order (`studyxf review` takes them)")


def reflow(text: str) -> str:
    """An answer's hard-wrapped lines joined into paragraphs, for a screen that wraps text itself
    (YAML answers are wrapped near 95 columns: at 80 each such line would wrap twice). After a long
    line, a break is a wrap when that line stops mid-sentence, or when the next line's first word
    would not have fitted on it at the text's own width (its longest line); a list item always
    starts a line."""
    lines = text.splitlines()
    width = max([80, *map(len, lines)])
    out: list[str] = []
    prev = ""  # the previous line as written
    for line in lines:
        stripped, before = line.strip(), prev.rstrip()
        first = stripped.split(" ", 1)[0]
        wrapped = len(before) + 1 + len(first) > width or before[-1:] not in (".", ":", ";", "!", "?")
        if stripped and len(before) >= 60 and wrapped and not _ITEM.match(stripped):
            out[-1] += " " + stripped
        else:
            out.append(line.rstrip())
        prev = line
    return "\n".join(out)


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
    "# s            skip this card for now: it comes back after the others",
    "# !            suspend this card",
    "# b            bury this card until the next study day",
    "# help         this list",
    "# q            stop (end of input stops too)",
]


def run(deck: Deck, inp: TextIO, out: TextIO, sessions: set[str] | None = None,
        practice: bool = False, cap: int | None = None) -> int:
    """`cap`: a revision's card slot (Deck.slot_left): at most that many cards, the rest stay due."""
    from studyxf.srs.session import Sitting

    sitting = Sitting(deck, practice, cap=cap)
    # past midnight the human-facing lines (# ...) say dates relative to the study day: it is named
    # once, after the first of them (not before the first Q, which scripts expect first)
    note = study_day_note(deck)

    def next_card():
        card_id = sitting.next_id(sessions)
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
                proposed, want, got = numeric.quality(typed, card.prompt.calc)
                quality = None if proposed is None else deck.scheduler.from_quality(proposed)
            if quality is not None:
                if not shown:
                    _block(out, "A", answer_text(card))
                    shown = True
                if typed is not None:
                    say(f"# {numeric.verdict(got, want, card.prompt.calc)}")
                due = sitting.grade(card.id, quality, time.monotonic() - started, typed)
                say(f"= {quality} due {due.isoformat() if due else 'none'}")
                if due is not None:  # the machine line above stays as DESIGN.md says; this one is for people
                    say(f"# due {due_words(deck, due)}")
                    if note:
                        say(f"# ({note})")
                        note = None
                break
            if cmd == "u":
                if sitting.undo() is None:
                    say("?")
                    continue
                break  # the undone card is shown next
            if cmd == "s":
                sitting.skip(card.id)  # it comes back after the rest
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
    if not sitting.shown_any and not practice:
        say(f"# {nothing_due(deck, sessions)}" if not sitting.full else
            "# this revision's card slot is already full today: the due cards stay due (`studyxf review` takes them)")
    elif not stop and sitting.held_back(sessions):
        say(f"# {slot_full(sitting, sessions)}")
    if nxt is not None and sitting.shown_any:
        say(f"# next card due {due_words(deck, nxt)}")
    say(f"summary reviewed={sitting.reviewed} again={sitting.again} next={nxt.isoformat() if nxt else 'none'}")
    return 0
