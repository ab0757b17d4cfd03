"""`studyxf notes --export DIR`: each session's notes and journal as Markdown for a prep repo."""

from __future__ import annotations

from pathlib import Path

from studyxf.errors import StudyxfError
from studyxf.store import progress


def export(study, folder: Path) -> list[Path]:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudyxfError(f"{folder}: cannot create: {exc.strerror or exc}") from None
    written = []
    for session in study.curriculum.sessions:
        notes = progress.notes(study.conn, session.id)
        journal = progress.journal(study.conn, session.id)
        if not notes and not any(journal.values()):
            continue
        lines = [f"# session-{session.number:02d}: {session.title}", ""]
        if any(journal.values()):
            lines += ["## 3-line takeaway", ""]
            lines += [f"- **{label}:** {journal[key]}" for key, label in
                      zip(progress.JOURNAL_FIELDS, progress.JOURNAL_LABELS) if journal[key]]
            lines.append("")
        if notes:
            lines += ["## Notes", "", notes.rstrip(), ""]
        path = folder / f"session-{session.number:02d}-{session.id}.md"
        try:
            path.write_text("\n".join(lines), encoding="utf-8")
        except OSError as exc:
            raise StudyxfError(f"{path}: cannot write: {exc.strerror or exc}") from None
        written.append(path)
    return written
