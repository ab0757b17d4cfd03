"""Commands about recall cards: review, cards, stats, export."""

from __future__ import annotations

import sys

import click

from studyxf.commands.common import emit_json, is_tty
from studyxf.errors import StudyxfError


@click.command()
@click.option("--plain", is_flag=True, help="The line protocol on stdin/stdout (DESIGN.md).")
@click.option("--practice", is_flag=True, help="Review ahead without changing any schedule.")
@click.option("--session", "session_id", metavar="ID", help="Only this session's cards.")
def review(plain, practice, session_id):
    """Review the recall cards due today (SM-2)."""
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    sessions = None
    cap = None
    if session_id:
        s = study.curriculum.get(session_id)
        if s is None:
            raise StudyxfError(f"unknown session {session_id!r}")
        sessions = set(s.covers) if s.kind == "revision" else {s.id}
        if s.kind == "revision":  # a revision day takes what fits its card slot; the rest stay due
            cap = study.deck.slot_left(sessions)
    if plain or not is_tty():
        from studyxf.srs import plain as plain_mod

        return plain_mod.run(study.deck, sys.stdin, sys.stdout, sessions=sessions, practice=practice, cap=cap)
    from studyxf.tui.app import StudyApp

    return StudyApp(study, start="review", review_sessions=sessions, practice=practice,
                    review_cap=cap).run_for_cli()


def _card_row(card, reviews: int, state: str, fsrs: bool = False) -> dict:
    row = {"id": card.id, "session": card.session_id, "state": state,
           "prompt": card.prompt.prompt if card.prompt else None,
           "kind": card.prompt.kind if card.prompt else None,
           "repetitions": card.repetitions, "ef": card.ef_milli / 1000, "interval": card.interval,
           "due": card.due.isoformat() if card.due else None, "reviews": reviews,
           "suspended": card.suspended, "leech": card.leech, "lapses": card.lapses,
           # the drill a card is about (a mistake card's, or a prompt's that names one), and a mistake card's slip
           "drill": card.prompt.drill if card.prompt else None, "slip": card.slip, "origin": card.origin}
    if fsrs:  # FSRS schedules: its memory state too (none for a card never answered)
        from studyxf.srs.schedulers import Fsrs  # the module is light: the fsrs package loads with an Fsrs()

        stability, difficulty = Fsrs.parse(card.fsrs)[:2] if card.fsrs else (None, None)
        row.update(stability=stability, difficulty=difficulty)
    return row


def card_lines(rows: list[dict], today, fsrs: bool = False) -> list[str]:
    """The cards as Anki's browser names their columns: state, due (in words, as Anki says it),
    interval, ease (%), reviews, lapses; FSRS has no ease, its difficulty instead. A header first;
    the cards under their session's name (as Anki's decks), the card's own id last, so the columns
    stay aligned at 80 columns however long an id is."""
    from datetime import date

    from studyxf import clock
    from studyxf.srs.session import interval_label

    third = "difficulty" if fsrs else "ease"
    table = []
    for r in rows:
        due = clock.day_words(date.fromisoformat(r["due"]), today) if r["due"] else "-"
        if fsrs:
            ease = f"{r['difficulty']:.1f}" if r.get("difficulty") is not None else "-"
        else:
            ease = f"{r['ef'] * 100:.0f}%"
        table.append((r["state"], due, interval_label(r["interval"]) if r["interval"] else "-", ease,
                      str(r["reviews"]), str(r["lapses"])))
    head = ("state", "due", "interval", third, "reviews", "lapses")
    widths = [max(len(h), *(len(t[i]) for t in table)) for i, h in enumerate(head)]

    def line(cells, name: str) -> str:
        left = [f"{c:<{w}}" for c, w in zip(cells[:2], widths)]  # words left-aligned, numbers right
        right = [f"{c:>{w}}" for c, w in zip(cells[2:], widths[2:])]
        return "  ".join(left + right) + "  " + name

    out = [line(head, "card")]
    session = None
    for r, cells in zip(rows, table):
        own, _, rest = r["id"].partition("/")
        if own != session:
            session = own
            out.append(f"{own}:")
        out.append(line(cells, "  " + (rest or own)))
    return out


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--due", is_flag=True, help="Only what `review` would show now, in that order.")
@click.option("--reset", metavar="CARD", help="Forget a card's history; it becomes new.")
@click.option("--suspend", metavar="CARD", help="Suspend a card.")
@click.option("--unsuspend", metavar="CARD", help="Bring a suspended card back.")
@click.option("--bury", metavar="CARD", help="Hide a card until tomorrow.")
@click.option("--flag", "flag_card", metavar="CARD", help="Flag a card whose content is wrong.")
@click.option("--note", default="", help="With --flag: what is wrong.")
def cards(as_json, due, reset, suspend, unsuspend, bury, flag_card, note):
    """Card states, and actions on one card."""
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    deck = study.deck
    for card_id, action in ((reset, deck.reset), (suspend, deck.suspend), (bury, deck.bury),
                            (unsuspend, lambda c: deck.suspend(c, False)),
                            (flag_card, lambda c: deck.flag(c, note))):
        if card_id:
            if deck.get(card_id) is None:
                raise StudyxfError(f"unknown card {card_id!r}")
            action(card_id)
            click.echo(f"{card_id}: done")
            return 0
    if due:
        chosen = [deck.get(cid) for cid in deck.queue()]
        counts = deck.review_counts([c.id for c in chosen])  # the queue's cards only, not the whole log
    else:
        chosen = deck.all_cards()
        counts = deck.review_counts()
    reasks = set(deck.reasks())
    fsrs = deck.scheduler.name == "fsrs"
    rows = [_card_row(c, counts.get(c.id, 0), deck.state_of(c, reasks), fsrs) for c in chosen]
    if as_json:
        emit_json(rows)
        return 0
    if not rows:
        click.echo("no cards" + (" due" if due else ""))
        return 0
    for line in card_lines(rows, deck.today(), fsrs):
        click.echo(line)
    return 0


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option("--plain", is_flag=True, help="Text without pictures: each chart as one line of Unicode bars "
              "(also when stdout is not a terminal).")
@click.option("--compare", is_flag=True, help="Replay your review log under SM-2 and FSRS: the reviews each asks "
              "over the next 30 days and the recall FSRS predicts.")
def stats(as_json, plain, compare):
    """Progress, review forecast, retention, streak, drill history."""
    from studyxf.srs.stats import compute
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    if compare:
        from studyxf.srs import compare as compare_mod

        data = compare_mod.compare(study)
        if as_json:
            emit_json(data)
        else:
            from rich.console import Console

            Console().print(*compare_mod.renderables(data))
        return 0
    data = compute(study)
    if as_json:
        emit_json(data)
        return 0
    from studyxf.srs.stats import print_text, trend

    print_text(data, trend(study), plain=plain or not is_tty())
    return 0


@click.command()
@click.option("--csv", "csv_path", metavar="FILE", help="Write the cards as CSV.")
@click.option("--anki", "anki_path", metavar="FILE.apkg", help="Write an Anki package (needs genanki).")
@click.option("--force", is_flag=True, help="Replace an existing file that is not an earlier export, or write "
                                            "inside the data directory (never over the database or a backup).")
def export(csv_path, anki_path, force):
    """Export the recall cards for Anki or a spreadsheet."""
    from studyxf.srs.export import check_target, to_anki, to_csv
    from studyxf.study import open_study

    if not csv_path and not anki_path:
        raise click.UsageError("give --csv FILE or --anki FILE.apkg")
    added = ""
    if anki_path and not anki_path.lower().endswith(".apkg"):
        # the name as typed is never the database or a backup, whatever is added to it (the learner
        # who typed the database's path meant it, and is told)
        check_target(anki_path, force=True)
        # Anki's File > Import opens a package only by its .apkg name: `--anki deck` writes deck.apkg
        anki_path, added = anki_path + ".apkg", " (.apkg added: Anki imports packages by that name)"
    for target in (csv_path, anki_path):  # refused before the database is even opened
        if target:
            check_target(target, force)
    study = open_study()
    study.enter_today()
    if csv_path:
        click.echo(f"{to_csv(study, csv_path, force)} cards written to {csv_path}")
    if anki_path:
        click.echo(f"{to_anki(study, anki_path, force)} cards written to {anki_path}{added}")
    return 0
