"""Commands that write sessions: `import` (the series' documents) and `new` (a skeleton to fill in)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from studyxf.errors import StudyxfError


def _sessions_folder(out: str | None) -> Path:
    """--out, else the learner's first sessions folder (STUDYXF_SESSIONS, config), else $STUDYXF_HOME/sessions."""
    if out:
        return Path(out).expanduser()
    from studyxf import paths

    dirs = _user_dirs()
    return dirs[0] if dirs else paths.home() / "sessions"


def _write(path: Path, text: str) -> None:
    """Whole or not at all: a killed import leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _check_written(text: str, name: str) -> None:
    """The file as it will be written, loaded and checked as `studyxf check` would."""
    import tempfile

    from studyxf.content.sessions import load_session

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        session, problems = load_session(path)
    if problems:
        raise StudyxfError(f"{name}: the imported session does not pass the checks ({problems[0]}); nothing written")


@click.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", metavar="DIR", help="Write here instead of your sessions folder.")
@click.option("--force", is_flag=True, help="Overwrite existing files (each kept as FILE.bak).")
def import_(file, out, force):
    """Turn a document of the series' format into session files, one per 'Part N:' section."""
    from studyxf.content import importer, yamlwrite
    from studyxf.study import open_study

    from studyxf import safefile

    try:  # a regular file under the cap: a FIFO or /dev/zero given here is refused, not read forever
        text = safefile.read_text(file, safefile.MAX_TEXT, encoding="utf-8-sig")  # a byte-order mark is not text
    except safefile.FileRefused as exc:
        raise StudyxfError(f"{file}: {exc}") from None
    study = open_study()
    orders = {s.id: s.order for s in study.curriculum.sessions if not s.generated}
    last = max(orders.values(), default=0)
    try:
        sessions = importer.parse(text, file.name, orders, next_order=last + 10)
    except importer.ImportError_ as exc:
        raise StudyxfError(f"{file}: {exc}; nothing written") from None
    ids = [data["id"] for data in sessions]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise StudyxfError(f"{file}: two parts give the session id {twice[0]!r} (their titles agree); nothing written")
    folder = _sessions_folder(out)
    planned = []
    for data in sessions:
        path = folder / f"{data['id']}.yaml"
        header = (f"Imported by `studyxf import` from {file.name}, Part {data['sources'][0].rsplit('Part ', 1)[-1]}.\n"
                  "Recall answers marked DRAFT were drawn from the deep dive: tighten them in your own words.")
        body = yamlwrite.dump(data, header)
        _check_written(body, path.name)
        planned.append((data, path, body))
    odd = [path for _, path, _ in planned if (path.exists() or path.is_symlink()) and not safefile.is_regular(path)]
    if odd:
        raise StudyxfError(f"{odd[0]}: exists and is not a regular file: nothing written")
    taken = [str(path) for _, path, _ in planned if path.exists()]
    if taken and not force:
        raise StudyxfError(f"{taken[0]} exists{f' (and {len(taken) - 1} more)' if len(taken) > 1 else ''}: "
                           "nothing written; --force overwrites, keeping each old file as .bak")
    for data, path, body in planned:
        if path.exists():
            try:
                _write(path.with_name(path.name + ".bak"), safefile.read_text(path, safefile.MAX_TEXT))
            except safefile.FileRefused as exc:
                raise StudyxfError(f"{path}: {exc}; kept as it is") from None
        _write(path, body)
        shipped = study.curriculum.get(data["id"])
        replaces = f" (replaces the shipped {data['id']})" if shipped is not None and shipped.source and \
            Path(shipped.source).resolve() != path.resolve() else ""
        counts = (f"{len(data.get('deep_dive', []))} deep-dive sections, {len(data.get('recall', []))} cards"
                  + (", outline" if data.get("outline") else ""))
        click.echo(f"wrote {path}: {data['id']} — {data['title']} ({counts}){replaces}")
    click.echo(f"{len(planned)} session(s) from {file.name} in {folder}; `studyxf check {folder}` checks them, "
               f"`studyxf today --session ID` shows one")
    if folder not in _user_dirs():
        click.echo(f"note: {folder} is not one of your sessions folders: add it to STUDYXF_SESSIONS to use them",
                   err=True)
    return 0


def _user_dirs() -> list[Path]:
    from studyxf import config, paths

    return paths.user_session_dirs(config.load().session_dirs)


@click.command()
@click.argument("session_id", metavar="ID")
@click.option("--out", metavar="DIR", help="Write here instead of your sessions folder.")
def new(session_id, out):
    """Write a session skeleton, every field explained, in your sessions folder: a draft, kept out of
    the curriculum until it is filled in."""
    import re

    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", session_id):
        raise StudyxfError(f"{session_id!r} is not an id: lower-case letters, digits and '-'")
    folder = _sessions_folder(out)
    path = folder / f"{session_id}.yaml"
    if path.exists():
        raise StudyxfError(f"{path} exists: nothing written")
    from studyxf.content import skeleton

    _write(path, skeleton.render(session_id, path))
    click.echo(f"wrote {path}: a draft, not in the curriculum until you fill it in and delete its "
               f"`draft: true` line; `studyxf check {path}` says what is left")
    if folder not in _user_dirs():
        click.echo(f"note: {folder} is not one of your sessions folders: add it to STUDYXF_SESSIONS to use it",
                   err=True)
    return 0
