"""Cards out to other tools: CSV for any spreadsheet, .apkg for Anki's apps (genanki, optional)."""

from __future__ import annotations

import csv
import zlib
from pathlib import Path

from studyxf.errors import StudyxfError


CSV_HEADER = ["id", "session", "prompt", "answer", "repetitions", "ef", "interval", "due", "suspended", "tags"]
_OLD_HEADERS = (CSV_HEADER[:-1],)  # an export written before the tags column is still an export


def check_target(path: str, force: bool = False) -> Path:
    """Where an export may go. Refused (StudyxfError, exit 2): the database (its -wal/-shm too) and
    the backups, always; anything else inside the data directory, and an existing file that is not
    an earlier export (a CSV with this header, an .apkg), unless `force`; and anything that is not a
    regular file. Links are followed to what they point at, hard links recognised by inode."""
    import os
    import stat

    from studyxf import paths

    target = Path(path).expanduser()
    home = paths.home()
    where = target.parent.resolve() / target.name  # the name itself may be a link: judged below
    real = target.resolve()
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise StudyxfError(f"{target}: cannot write: {exc.strerror or exc}") from None
    protected = [paths.database(), *(paths.database().with_name(paths.database().name + s) for s in ("-wal", "-shm"))]
    backups = paths.backups()
    for candidate in protected:
        if real == candidate.resolve() or where == candidate.resolve() or _same_file(st, candidate):
            raise StudyxfError(f"{target}: that is studyxf's database: an export never overwrites it "
                               f"(choose another file)")
    backup_dir = backups.resolve()
    if backup_dir in (real.parent, where.parent) or (st and backups.is_dir() and any(
            _same_file(st, b) for b in backups.iterdir())):
        raise StudyxfError(f"{target}: that is one of studyxf's backups: an export never overwrites it "
                           f"(choose another file)")
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise StudyxfError(f"{target}: not a regular file: an export is written only to a file")
    if force:
        return target
    home_real = home.resolve()
    if home_real in real.parents or home_real in where.parents or real == home_real:
        raise StudyxfError(f"{target}: inside studyxf's data directory ({home}): write the export elsewhere, "
                           f"or add --force")
    if st is not None and not _is_export(target):
        raise StudyxfError(f"{target}: exists and is not an earlier export (CSV or .apkg): not overwritten "
                           f"(add --force to replace it)")
    return target


def _same_file(st, other: Path) -> bool:
    import os

    if st is None:
        return False
    try:
        o = os.stat(other)
    except OSError:
        return False
    return (st.st_dev, st.st_ino) == (o.st_dev, o.st_ino)


def _is_export(path: Path) -> bool:
    """An earlier export: a CSV starting with our header, or a zip holding Anki's collection."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    if head.startswith(b"PK\x03\x04"):
        import zipfile

        try:
            with zipfile.ZipFile(path) as z:
                return "collection.anki2" in z.namelist()
        except (zipfile.BadZipFile, OSError, ValueError):
            return False
    first = head.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0].rstrip(b"\r")
    return first.decode("utf-8", "replace") in [",".join(h) for h in (CSV_HEADER, *_OLD_HEADERS)] or not head


def _write_atomic(target: Path, write) -> None:
    """`write(tmp_path)` fills a new file beside the target, then a rename puts it in place: the old
    file stays whole until the new one is complete, and a link at the target is replaced, not followed."""
    import os

    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    created = False
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)  # never through what is already there
        created = True
        os.close(fd)
        write(tmp)
        os.replace(tmp, target)
        created = False
    except OSError as exc:
        raise StudyxfError(f"{target}: cannot write: {exc.strerror or exc}") from None
    finally:
        if created:  # only the file this export made: a stranger's file at that name is left alone
            try:
                tmp.unlink()
            except OSError:
                pass


def _rows(study):
    deck = study.deck
    for card in deck.all_cards():
        if card.prompt is None:
            continue
        from studyxf.srs.plain import answer_text

        prompt = card.prompt.prompt + (f"\n({card.origin})" if card.origin else "")  # a mistake card's attempt
        yield card, prompt, answer_text(card)


def tags_of(card) -> list[str]:
    """A card's tags: its session's id; a mistake card's `mistake` and its drill."""
    from studyxf.srs.mistakes import TAG

    return [TAG, card.prompt.drill] if card.slip and card.prompt and card.prompt.drill else [card.session_id]


def to_csv(study, path: str, force: bool = False) -> int:
    target = check_target(path, force)
    n = 0

    def write(tmp):
        nonlocal n
        with open(tmp, "w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(CSV_HEADER)
            for card, prompt, answer in _rows(study):
                writer.writerow([card.id, card.session_id, prompt, answer, card.repetitions, card.ef_milli / 1000,
                                 card.interval, card.due.isoformat() if card.due else "", int(card.suspended),
                                 " ".join(tags_of(card))])
                n += 1

    _write_atomic(target, write)
    return n


def to_anki(study, path: str, force: bool = False) -> int:
    target = check_target(path, force)
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
        tags = tags_of(card) + (["suspended"] if card.suspended else []) + (["leech"] if card.leech else [])
        note = genanki.Note(model=model, fields=[*html, card.id], guid=str(zlib.crc32(card.id.encode())), tags=tags)
        if card.suspended:
            for anki_card in note.cards:
                anki_card.suspend = True
        deck.add_note(note)
        n += 1
    _write_atomic(target, lambda tmp: genanki.Package(deck).write_to_file(str(tmp)))
    return n
