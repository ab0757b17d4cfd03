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

    try:
        text = file.read_text(encoding="utf-8-sig")  # a byte-order mark is not part of the text
    except (OSError, UnicodeDecodeError) as exc:
        raise StudyxfError(f"{file}: cannot read it as text: {exc}") from None
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
    taken = [str(path) for _, path, _ in planned if path.exists()]
    if taken and not force:
        raise StudyxfError(f"{taken[0]} exists{f' (and {len(taken) - 1} more)' if len(taken) > 1 else ''}: "
                           "nothing written; --force overwrites, keeping each old file as .bak")
    for data, path, body in planned:
        if path.exists():
            _write(path.with_name(path.name + ".bak"), path.read_text(encoding="utf-8"))
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


SKELETON = '''\
# A session of your own. `studyxf check {path}` says what is wrong, line by line; `studyxf today
# --session {id}` shows it. Fields marked (optional) can be deleted. Text after `|` keeps its
# line breaks; the deep dive's bodies are Markdown.

id: {id}                 # lower-case letters, digits and '-'; the same id as a shipped session replaces it
order: {order}                 # where it sits in the curriculum (transformers-1 is 10, transformers-2 20, rag-1 50)
title: "{title}"   # shown as the session's heading; `Name Part N — ...` is the series' style
kind: topic              # topic (every two are followed by a revision), lesson, or revision
series: "My own sessions"   # (optional) the series it belongs to
sources: ["my notes"]    # (optional) where the content comes from

why: |                   # (optional) why this session matters, in a paragraph or two
  Say why this topic matters, in your own words.

agenda:                  # at least one item: the session's plan, shown first
  - "The first thing to understand"
  - "The second thing"

pre_read:                # (optional) readings to skim first: a title, or title / authors / year / url / note
  - title: "Attention Is All You Need"
    authors: "Vaswani et al."
    year: 2017
    url: "https://arxiv.org/abs/1706.03762"

deep_dive:               # the sections of the deep dive (or write `outline: true` while only the agenda is known)
  - title: "1. The idea"
    body: |
      Markdown: paragraphs, lists, `code`, and fenced blocks.

hands_on:                # (optional) code to run and what to try with it
  intro: "Write it yourself first."
  code: |
    import torch
  experiment: "Change one thing and predict what happens before you run it."
  drills: []             # (optional) drills from `studyxf drill`, e.g. [attention]
  labs: []               # (optional) labs: scaling, heatmap, positional, train, kv-cache

readings:                # (optional) books, papers, docs, blogs, research: lists like pre_read
  papers:
    - title: "Layer Normalization"
      authors: "Ba, Kiros, Hinton"
      year: 2016

videos:                  # (optional) title, channel and length in minutes
  - title: "Let's build GPT: from scratch, in code, spelled out"
    channel: "Andrej Karpathy"
    minutes: 116

leetcode:                # (optional) the time-boxed problem: hint and editorial unlock as the timer runs
  title: "Two Sum"
  url: "https://leetcode.com/problems/two-sum/"
  difficulty: Easy       # Easy, Medium or Hard
  timebox_min: 30
  hint_after_min: 15
  editorial_after_min: 30
  hint: "What do you need to have seen before, to answer in one pass?"

assignment:              # (optional) deliverables the learner ticks off
  intro: "Before moving on:"
  deliverables:
    - "Explain the idea to someone else in five minutes."

stretch: "Optional, +30 min: something harder, for when there is time."   # (optional)

checklist:               # (optional) what you should be able to do by the end
  - "State the idea in one sentence."

recall:                  # (optional) flashcards, reviewed with SM-2 by `studyxf review`
  - id: {id}-idea        # unique; used to keep the card's schedule
    prompt: "What is the idea, in one sentence?"
    answer: "Your answer, short enough to check in a glance."
    covers: "checklist 1"   # (optional) which checklist item it tests

next:                    # (optional) what comes next
  title: "What's next"
  items:
    - "The following topic"
'''


@click.command()
@click.argument("session_id", metavar="ID")
@click.option("--out", metavar="DIR", help="Write here instead of your sessions folder.")
def new(session_id, out):
    """Write a valid session skeleton, every field explained, in your sessions folder."""
    import re

    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", session_id):
        raise StudyxfError(f"{session_id!r} is not an id: lower-case letters, digits and '-'")
    folder = _sessions_folder(out)
    path = folder / f"{session_id}.yaml"
    if path.exists():
        raise StudyxfError(f"{path} exists: nothing written")
    title = session_id.replace("-", " ").capitalize()
    _write(path, SKELETON.format(id=session_id, order=100, title=title, path=path))
    click.echo(f"wrote {path}: fill it in, then `studyxf check {path}`")
    if folder not in _user_dirs():
        click.echo(f"note: {folder} is not one of your sessions folders: add it to STUDYXF_SESSIONS to use it",
                   err=True)
    return 0
