"""Commands about the curriculum: today, sessions, check, complete, flag, notes."""

from __future__ import annotations

import click

from studyxf.commands.common import emit_json, is_tty
from studyxf.errors import StudyxfError


def _session_state(study, session) -> dict:
    from studyxf.store import progress

    lc = session.data.get("leetcode")
    timer_text = None
    if lc:
        before = progress.timer(study.conn, session.id)
        t = progress.timer_settle(study.conn, session.id, lc["timebox_min"] * 60)
        elapsed = t.elapsed()
        state = "running" if t.running else "stopped by itself at twice the time-box" if before.running else \
            "paused" if elapsed else "not started"
        timer_text = (f"{progress.timebox_text(t, lc['timebox_min'])} ({state}; "
                      f"{int(elapsed // 60)} min {int(elapsed % 60)} s of {lc['timebox_min']} min)")
    from studyxf.srs import drills as drill_srs

    return {"checks": progress.checks(study.conn, session.id), "journal": progress.journal(study.conn, session.id),
            "notes": progress.notes(study.conn, session.id), "timer": timer_text,
            "status": study.statuses().get(session.id, ""),
            "drill_need": drill_srs.in_order(study.conn, session, study.day()),
            "drills_passed": drill_srs.passed(study.conn)}


def _print_today_plain(study, session, ran_out: bool) -> None:
    from rich.text import Text

    from studyxf import render
    from studyxf.store import progress

    deck = study.deck
    items = []
    if ran_out:
        items.append(Text("You have worked through every written session. The curriculum continues:",
                          style="bold"))
        for s in study.upcoming():
            items.append(Text(f"  {s.number}. {s.title} ({s.kind}, upcoming"
                              f"{': only its agenda is known' if s.outline else ''})"))
            if s.outline:
                items += [Text(f"     • {a}") for a in s.data["agenda"]]
        items.append(Text("Write the next sessions in your own sessions folder (see sessions/README.md)."))
    else:
        items += render.session_renderables(session, _session_state(study, session))
    due = deck.queue()
    items.append(Text(""))
    items.append(Text(f"Reviews due now: {len(due)}" + (" - run `studyxf review`" if due else ""), style="bold"))
    if session is not None and session.kind == "revision" and not ran_out:
        from studyxf.content.curriculum import REVISION_CARD_MINUTES

        mine = deck.queue(sessions=set(session.covers))
        slot = deck.slot_left(set(session.covers))
        if len(mine) > slot:
            items.append(Text(f"This revision takes {slot} of its {len(mine)} due cards (its {REVISION_CARD_MINUTES}-minute "
                              f"slot): `studyxf review --session {session.id}`; the other {len(mine) - slot} stay due, "
                              f"in the usual order"))
    from studyxf.srs import drills as drill_srs

    for name, when in drill_srs.due(study.conn, study.day()):
        items.append(Text(f"Drill due to write again from scratch (since {when}): studyxf drill {name} --reset"))
    for sid, note in progress.flagged(study.conn).items():
        items.append(Text(f"Flagged to revisit: {sid}{': ' + note if note else ''}"))
    items += weak_spot_lines(study)
    render.print_renderables(items)


def weak_spot_lines(study) -> list:
    """`today`'s weak spots (srs/mistakes.py), the heading in bold."""
    from rich.text import Text

    from studyxf.srs import mistakes

    lines = mistakes.weak_spot_lines(study.conn, study.day())
    return [Text(line, style="bold" if i == 0 else "") for i, line in enumerate(lines)]


@click.command()
@click.option("--plain", is_flag=True, help="Print the session as text instead of opening the app.")
@click.option("--session", "session_id", metavar="ID", help="Open this session instead of today's.")
def today(plain, session_id):
    """Run today's session: agenda, deep dive, readings, LeetCode timer, checklist, journal."""
    from studyxf.tui.launch import collector_paused

    with collector_paused():
        return _today(plain, session_id)


def _today(plain, session_id):
    from studyxf.study import open_study

    study = open_study()
    session = study.enter_today()
    if session_id:
        session = study.curriculum.get(session_id)
        draft = next((s for s in study.curriculum.drafts if s.id == session_id), None)
        if session is None and draft is not None:
            # a draft is not in the curriculum (no number, no cards): previewed as text
            click.echo(f"studyxf: note: {draft.id} is a draft ({draft.source}), not in the curriculum until its "
                       f"`draft: true` line is deleted; shown as text", err=True)
            _print_today_plain(study, draft, False)
            return 0
        if session is None:
            raise StudyxfError(f"unknown session {session_id!r} (known: {', '.join(study.curriculum.ids())})")
    ran_out = session is None
    if plain or not is_tty():
        _print_today_plain(study, session, ran_out)
        return 0
    from studyxf.tui import launch

    return launch.app(study, session)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def sessions(as_json):
    """The curriculum in order, with each session's status."""
    from studyxf.content.present import required_items
    from studyxf.store import progress
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    statuses = study.statuses()
    rows = []
    for s in study.curriculum.sessions:
        checks = progress.checks(study.conn, s.id)
        required = required_items(s)  # a revision's checklist is optional: not counted
        total = sum(required.values())
        ticked = sum(len({i for i in checks[kind] if i < n}) for kind, n in required.items())
        rows.append({"id": s.id, "number": s.number, "title": s.title, "kind": s.kind, "status": statuses[s.id],
                     "outline": s.outline, "generated": s.generated, "covers": s.covers or None,
                     "progress": {"ticked": ticked, "total": total},
                     "source": str(s.source) if s.source else None})
    if as_json:
        emit_json(rows)
        return 0
    # "ticked": the required items ticked in `today` (deliverables and checklist; a revision's deliverables)
    click.echo(f"{'':2}{'#':>3}  {'id':<16} {'kind':<9} {'status':<9} {'ticked':>6}  title")
    for r in rows:
        mark = {"done": "✓", "today": "▶", "upcoming": " "}[r["status"]]
        ticked = f"{r['progress']['ticked']}/{r['progress']['total']}" if r["progress"]["total"] else "-"
        extra = " (agenda only)" if r["outline"] else ""
        click.echo(f"{mark} {r['number']:>3}. {r['id']:<16} {r['kind']:<9} {r['status']:<9} {ticked:>6}  "
                   f"{r['title']}{extra}")
    for d in study.curriculum.drafts:
        click.echo(f"  draft {d.id:<16} not in the curriculum until filled in and its `draft: true` line deleted: "
                   f"{d.source}")
    return 0


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=None))
def check(paths):
    """Validate session and drill YAML: PATH:LINE: FIELD: MESSAGE per error; exit 2 on any."""
    from pathlib import Path

    from studyxf import config as config_mod, paths as paths_mod
    from studyxf.content import curriculum

    from studyxf.grading import catalogue

    known = set(catalogue.names())
    if paths:
        targets = [Path(p) for p in paths]
    else:
        cfg = config_mod.load()
        targets = [paths_mod.shipped_sessions(), *paths_mod.user_session_dirs(cfg.session_dirs)]
        if paths_mod.shipped_drills().is_dir():
            targets.append(paths_mod.shipped_drills())
        targets += [d for d in paths_mod.user_drill_dirs() if d.is_dir()]
    problems = []
    for target in targets:
        if _is_drill_target(target):
            problems += _check_drills(target)
        else:
            problems += curriculum.check_paths([target], known)
    # a draft or a placeholder left is valid (DESIGN.md: `new` writes a valid skeleton): warned
    # about, on stderr, not an error
    unfinished = [p for p in problems if p.warning]
    problems = [p for p in problems if not p.warning]
    for p in problems:
        click.echo(str(p))
    for p in unfinished:
        click.echo(f"studyxf: warning: {p}", err=True)
    if problems:
        return 2
    click.echo(f"ok: {', '.join(str(t) for t in targets)}" + (f" ({len(unfinished)} warning(s): not filled in yet)"
                                                                 if unfinished else ""))
    return 0


def _is_drill_target(target) -> bool:
    return (target.is_dir() and ((target / "drill.yaml").exists() or any(target.glob("*/drill.yaml")))) or \
        target.name == "drill.yaml"


def _check_drills(target):
    from studyxf.grading import catalogue

    return catalogue.check_path(target)


@click.command()
@click.option("--session", "session_id", metavar="ID", help="Mark this session instead of today's.")
@click.option("--undo", is_flag=True, help="Mark the session completed last (or --session ID) not done again.")
def complete(session_id, undo):
    """Mark today's session complete: `today` moves on to the next one."""
    from studyxf.content.present import commit_message
    from studyxf.store import progress
    from studyxf.study import open_study

    study = open_study()
    if undo and not session_id:  # today's session is the one after the completion being taken back
        session_id = progress.latest_completed(study.conn)
        if session_id is None:
            raise StudyxfError("no completed session to take back")
    session = study.curriculum.get(session_id) if session_id else study.today_session()
    if session is None:
        raise StudyxfError(f"unknown session {session_id!r}" if session_id else "no session to complete")
    progress.complete(study.conn, session.id, not undo)
    if undo:
        click.echo(f"{session.id}: marked not done")
        return 0
    nxt = study.enter_today()
    click.echo(f"{session.id}: done. Suggested commit: git commit -m \"{commit_message(session)}\"")
    click.echo(f"next: {nxt.id} — {nxt.title}" if nxt else "next: the written curriculum is complete")
    return 0


@click.command()
@click.argument("session_id", required=False, metavar="[ID]")
@click.option("--note", default="", help="Why you want to revisit it.")
@click.option("--clear", is_flag=True, help="Remove the flag.")
def flag(session_id, note, clear):
    """Flag a session to revisit (shown on later days)."""
    from studyxf.store import progress
    from studyxf.study import open_study

    study = open_study()
    session = study.curriculum.get(session_id) if session_id else study.today_session()
    if session is None:
        raise StudyxfError(f"unknown session {session_id!r}")
    progress.set_flag(study.conn, session.id, not clear, note)
    click.echo(f"{session.id}: {'flag cleared' if clear else 'flagged to revisit'}")
    return 0


@click.command()
@click.option("--export", "export_dir", required=True, metavar="DIR", help="Write one Markdown file per session.")
def notes(export_dir):
    """Export each session's notes and journal as Markdown for your prep repo."""
    from pathlib import Path

    from studyxf.notes_export import export
    from studyxf.study import open_study

    written = export(open_study(), Path(export_dir))
    for path in written:
        click.echo(str(path))
    return 0
