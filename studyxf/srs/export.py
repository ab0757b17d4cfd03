"""Cards out to other tools: CSV for any spreadsheet, .apkg for Anki's apps (genanki, optional)."""

from __future__ import annotations

import csv
import zlib

from studyxf.errors import StudyxfError


def _rows(study):
    deck = study.deck
    for card in deck.all_cards():
        if card.prompt is None:
            continue
        from studyxf.srs.plain import answer_text

        yield card, card.prompt.prompt, answer_text(card)


def to_csv(study, path: str) -> int:
    n = 0
    try:
        with open(path, "w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(["id", "session", "prompt", "answer", "repetitions", "ef", "interval", "due", "suspended"])
            for card, prompt, answer in _rows(study):
                writer.writerow([card.id, card.session_id, prompt, answer, card.repetitions, card.ef_milli / 1000,
                                 card.interval, card.due.isoformat() if card.due else "", int(card.suspended)])
                n += 1
    except OSError as exc:
        raise StudyxfError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return n


def to_anki(study, path: str) -> int:
    try:
        import genanki
    except ImportError:
        raise StudyxfError("--anki needs the genanki package: pip install genanki") from None
    model = genanki.Model(1607392319, "studyxf basic", fields=[{"name": "Front"}, {"name": "Back"}, {"name": "Id"}],
                          templates=[{"name": "Card", "qfmt": "{{Front}}",
                                      "afmt": "{{FrontSide}}<hr id=answer>{{Back}}"}])
    deck = genanki.Deck(2059400110, "studyxf")
    n = 0
    for card, prompt, answer in _rows(study):
        html = [t.replace("&", "&amp;").replace("<", "&lt;").replace("\n", "<br>") for t in (prompt, answer)]
        # a stable guid from the card id, so re-importing updates instead of duplicating; the session
        # as a tag; a suspended card in Anki's suspended queue (and tagged). Anki's import cannot
        # carry the schedule: every card arrives new there (README)
        tags = [card.session_id] + (["suspended"] if card.suspended else []) + (["leech"] if card.leech else [])
        note = genanki.Note(model=model, fields=[*html, card.id], guid=str(zlib.crc32(card.id.encode())), tags=tags)
        if card.suspended:
            for anki_card in note.cards:
                anki_card.suspend = True
        deck.add_note(note)
        n += 1
    try:
        genanki.Package(deck).write_to_file(path)
    except OSError as exc:
        raise StudyxfError(f"{path}: cannot write: {exc.strerror or exc}") from None
    return n
