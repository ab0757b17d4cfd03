"""The command line: one entry point, subcommands, heavy imports deferred into each command."""

from __future__ import annotations

import json
import sys

import click

from studyxf.errors import StudyxfError

MODELS = ["gpt2", "gpt3-175b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "mistral-7b"]
DTYPES = ["fp32", "fp16", "bf16", "fp8", "int8"]


def _emit_json(data) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def _is_tty() -> bool:
    return sys.stdout.isatty() and sys.stdin.isatty()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="studyxf", prog_name="studyxf")
def cli():
    """studyxf: learn how transformers work by doing.

    Today's session, recall cards on SM-2, and drills graded against a reference transformer.
    """


# -- sessions -------------------------------------------------------------------------------------

def _session_state(study, session) -> dict:
    from studyxf.store import progress

    lc = session.data.get("leetcode")
    timer_text = None
    if lc:
        t = progress.timer(study.conn, session.id)
        elapsed = t.elapsed()
        timer_text = (f"{int(elapsed // 60)} min {int(elapsed % 60)} s elapsed"
                      f"{' (running)' if t.running else ''} of {lc['timebox_min']} min")
    return {"checks": progress.checks(study.conn, session.id), "journal": progress.journal(study.conn, session.id),
            "notes": progress.notes(study.conn, session.id), "timer": timer_text,
            "status": study.statuses().get(session.id, "")}


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
    from studyxf.srs import drills as drill_srs

    for name, when in drill_srs.due(study.conn, study.day()):
        items.append(Text(f"Drill due to write again from scratch (since {when}): studyxf drill {name} --reset"))
    for sid, note in progress.flagged(study.conn).items():
        items.append(Text(f"Flagged to revisit: {sid}{': ' + note if note else ''}"))
    render.print_renderables(items)


@cli.command()
@click.option("--plain", is_flag=True, help="Print the session as text instead of opening the app.")
@click.option("--session", "session_id", metavar="ID", help="Open this session instead of today's.")
def today(plain, session_id):
    """Run today's session: agenda, deep dive, readings, LeetCode timer, checklist, journal."""
    from studyxf.study import open_study

    study = open_study()
    session = study.enter_today()
    if session_id:
        session = study.curriculum.get(session_id)
        if session is None:
            raise StudyxfError(f"unknown session {session_id!r} (known: {', '.join(study.curriculum.ids())})")
        if session.outline:
            raise StudyxfError(f"session {session_id!r} is not written yet: only its agenda is known")
    ran_out = session is None
    if plain or not _is_tty():
        _print_today_plain(study, session, ran_out)
        return 0
    from studyxf.tui.app import StudyApp

    StudyApp(study, session_id=session.id if session else None).run()
    return 0


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def sessions(as_json):
    """The curriculum in order, with each session's status."""
    from studyxf.store import progress
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    statuses = study.statuses()
    rows = []
    for s in study.curriculum.sessions:
        checks = progress.checks(study.conn, s.id)
        total = len((s.data.get("assignment") or {}).get("deliverables", [])) + len(s.data.get("checklist", []))
        ticked = len(checks["deliverable"]) + len(checks["checklist"])
        rows.append({"id": s.id, "number": s.number, "title": s.title, "kind": s.kind, "status": statuses[s.id],
                     "outline": s.outline, "generated": s.generated, "covers": s.covers or None,
                     "progress": {"ticked": ticked, "total": total},
                     "source": str(s.source) if s.source else None})
    if as_json:
        _emit_json(rows)
        return 0
    for r in rows:
        mark = {"done": "✓", "today": "▶", "upcoming": " "}[r["status"]]
        extra = " (agenda only)" if r["outline"] else (f" {r['progress']['ticked']}/{r['progress']['total']}"
                                                        if r["progress"]["total"] else "")
        click.echo(f"{mark} {r['number']:>2}. {r['id']:<16} {r['kind']:<9} {r['status']:<9} {r['title']}{extra}")
    return 0


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=None))
def check(paths):
    """Validate session and drill YAML: PATH:LINE: FIELD: MESSAGE per error; exit 2 on any."""
    from pathlib import Path

    from studyxf import config as config_mod, paths as paths_mod
    from studyxf.content import curriculum

    known = _known_drills()
    if paths:
        targets = [Path(p) for p in paths]
    else:
        cfg = config_mod.load()
        targets = [paths_mod.shipped_sessions(), *paths_mod.user_session_dirs(cfg.session_dirs)]
        if paths_mod.shipped_drills().is_dir():
            targets.append(paths_mod.shipped_drills())
    problems = []
    for target in targets:
        if _is_drill_target(target):
            problems += _check_drills(target)
        else:
            problems += curriculum.check_paths([target], known)
    for p in problems:
        click.echo(str(p))
    if problems:
        return 2
    click.echo(f"ok: {', '.join(str(t) for t in targets)}", err=True)
    return 0


def _known_drills() -> set[str] | None:
    try:
        from studyxf.grading import catalogue
    except ImportError:
        return None
    return set(catalogue.names())


def _is_drill_target(target) -> bool:
    return (target.is_dir() and ((target / "drill.yaml").exists() or any(target.glob("*/drill.yaml")))) or \
        target.name == "drill.yaml"


def _check_drills(target):
    from studyxf.grading import catalogue

    return catalogue.check_path(target)


@cli.command()
@click.option("--session", "session_id", metavar="ID", help="Mark this session instead of today's.")
@click.option("--undo", is_flag=True, help="Mark it not done again.")
def complete(session_id, undo):
    """Mark today's session complete: `today` moves on to the next one."""
    from studyxf import render
    from studyxf.store import progress
    from studyxf.study import open_study

    study = open_study()
    session = study.curriculum.get(session_id) if session_id else study.today_session()
    if session is None:
        raise StudyxfError(f"unknown session {session_id!r}" if session_id else "no session to complete")
    progress.complete(study.conn, session.id, not undo)
    if undo:
        click.echo(f"{session.id}: marked not done")
        return 0
    nxt = study.enter_today()
    click.echo(f"{session.id}: done. Suggested commit: git commit -m \"{render.commit_message(session)}\"")
    click.echo(f"next: {nxt.id} — {nxt.title}" if nxt else "next: the written curriculum is complete")
    return 0


@cli.command()
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


@cli.command()
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


# -- review ---------------------------------------------------------------------------------------

@cli.command()
@click.option("--plain", is_flag=True, help="The line protocol on stdin/stdout (DESIGN.md).")
@click.option("--practice", is_flag=True, help="Review ahead without changing any schedule.")
@click.option("--session", "session_id", metavar="ID", help="Only this session's cards.")
def review(plain, practice, session_id):
    """Review the recall cards due today (SM-2)."""
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    sessions = None
    if session_id:
        s = study.curriculum.get(session_id)
        if s is None:
            raise StudyxfError(f"unknown session {session_id!r}")
        sessions = set(s.covers) if s.kind == "revision" else {s.id}
    if plain or not _is_tty():
        from studyxf.srs import plain as plain_mod

        return plain_mod.run(study.deck, sys.stdin, sys.stdout, sessions=sessions, practice=practice)
    from studyxf.tui.app import StudyApp

    StudyApp(study, start="review", review_sessions=sessions, practice=practice).run()
    return 0


def _card_row(card, reviews: int) -> dict:
    return {"id": card.id, "session": card.session_id,
            "prompt": card.prompt.prompt if card.prompt else None,
            "kind": card.prompt.kind if card.prompt else None,
            "repetitions": card.repetitions, "ef": card.ef_milli / 1000, "interval": card.interval,
            "due": card.due.isoformat() if card.due else None, "reviews": reviews,
            "suspended": card.suspended, "leech": card.leech, "lapses": card.lapses}


@cli.command()
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
    counts = deck.review_counts()
    if due:
        chosen = [deck.get(cid) for cid in deck.queue()]
    else:
        chosen = deck.all_cards()
    rows = [_card_row(c, counts.get(c.id, 0)) for c in chosen]
    if as_json:
        _emit_json(rows)
        return 0
    for r in rows:
        state = "suspended" if r["suspended"] else (f"due {r['due']}" if r["due"] else "new")
        click.echo(f"{r['id']:<45} n={r['repetitions']} ef={r['ef']:.2f} I={r['interval']:<4} {state}")
    if not rows:
        click.echo("no cards" + (" due" if due else ""))
    return 0


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def stats(as_json):
    """Progress, review forecast, retention, streak, drill history."""
    from studyxf.srs.stats import compute
    from studyxf.study import open_study

    study = open_study()
    study.enter_today()
    data = compute(study)
    if as_json:
        _emit_json(data)
        return 0
    from studyxf.srs.stats import print_text

    print_text(data)
    return 0


@cli.command()
@click.option("--csv", "csv_path", metavar="FILE", help="Write the cards as CSV.")
@click.option("--anki", "anki_path", metavar="FILE.apkg", help="Write an Anki package (needs genanki).")
def export(csv_path, anki_path):
    """Export the recall cards for Anki or a spreadsheet."""
    from studyxf.srs.export import to_anki, to_csv
    from studyxf.study import open_study

    if not csv_path and not anki_path:
        raise click.UsageError("give --csv FILE or --anki FILE.apkg")
    study = open_study()
    study.enter_today()
    if csv_path:
        click.echo(f"{to_csv(study, csv_path)} cards written to {csv_path}")
    if anki_path:
        click.echo(f"{to_anki(study, anki_path)} cards written to {anki_path}")
    return 0


# -- drills ---------------------------------------------------------------------------------------

@cli.command()
@click.argument("name", required=False)
@click.argument("file", required=False, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (Exercism v2 + studyxf fields).")
@click.option("--hint", is_flag=True, help="Show the next hint, then grade.")
@click.option("--watch", is_flag=True, help="Re-grade every time the file is saved (Ctrl-C stops).")
@click.option("--reset", is_flag=True, help="Restore the starter in your workspace (your version is kept as a backup).")
@click.option("--tui", is_flag=True, help="Open the drill screen: task, report, keys to grade, edit, hint.")
@click.option("--device", type=click.Choice(["cpu", "cuda", "auto"]), default="cpu", show_default=True)
@click.option("--framework", type=click.Choice(["numpy", "torch"]), default="numpy", show_default=True,
              help="Starter to copy into a new workspace.")
def drill(name, file, as_json, hint, watch, reset, tui, device, framework):
    """List drills, or grade FILE (default: your workspace copy) for drill NAME; NAME `next` is
    today's next unfinished drill."""
    from pathlib import Path

    from studyxf.grading import catalogue

    drills = catalogue.all_drills()
    if not name:
        from studyxf.study import open_study

        study = open_study()
        last = dict(study.conn.execute("SELECT drill, status FROM drill_attempts ORDER BY id"))
        for d in drills.values():
            click.echo(f"{d.name:<24} {last.get(d.name, 'not tried'):<10} {d.title}")
        return 0
    if name == "next":
        name = _next_drill()
        click.echo(f"next drill: {name}", err=as_json)
    if name not in drills:
        raise StudyxfError(f"unknown drill {name!r} (known: {', '.join(drills)})")
    d = drills[name]
    if file is None:
        target = d.workspace_file()
        if reset and target.exists():
            from studyxf import clock

            backup = target.with_name(f"{target.name}.{clock.now().strftime('%Y%m%d-%H%M%S')}.bak")
            target.replace(backup)
            click.echo(f"your version was kept as {backup}", err=as_json)
        if not target.exists():
            d.create_workspace(framework)
            click.echo(f"created {target}", err=as_json)
            click.echo(f"the task: {target.parent / 'TASK.md'}; grade it with: studyxf drill {name}", err=as_json)
            if not tui:
                return 0
        path = target
    else:
        if reset:
            raise click.UsageError("--reset restores your workspace copy; it takes no FILE")
        path = Path(file)
        if not path.is_file():
            raise StudyxfError(f"{file}: no such file")
    from studyxf.study import open_study

    study = open_study(backup=False)
    from studyxf.srs import drills as drill_srs

    if hint:
        shown = drill_srs.next_hint(study.conn, d)
        click.echo(shown or "no more hints", err=as_json)
    hints_used = drill_srs.hints_used(study.conn, name)
    if tui:
        from studyxf.tui.app import StudyApp

        StudyApp(study, start="drill", drill=d, drill_path=path).run()
        return 0
    if watch:
        return _watch(study, d, path, hints_used, device)
    from studyxf.grading.runner import run

    report, schedule = _grade_and_record(study, d, path, hints_used, lambda dr, p: run(dr, p, device=device))
    _show(report, as_json)
    if schedule:
        click.echo(schedule, err=as_json)
    if report["status"] == "pass" and not as_json:
        _show_solution(d)
    return 0 if report["status"] == "pass" else 1


def _show_solution(d) -> None:
    """After a pass, as rustlings does: the reference solution and what the engine does differently."""
    from rich.console import Console
    from rich.syntax import Syntax

    text = d.solution_text()
    console = Console()
    if text:
        console.print("\n[bold]A reference solution[/bold]")
        console.print(Syntax(text, "python", theme="ansi_dark", background_color="default"))
    if d.data.get("after_pass"):
        console.print(f"[bold]What the engine does differently:[/bold] {d.data['after_pass']}")


def _next_drill() -> str:
    """Today's first drill whose latest attempt is not a pass."""
    from studyxf.study import open_study

    study = open_study()
    session = study.today_session()
    if session is None or not session.drills:
        raise StudyxfError("today's session has no drill" if session else "no session today")
    last = dict(study.conn.execute("SELECT drill, status FROM drill_attempts ORDER BY id"))
    pending = [n for n in session.drills if last.get(n) != "pass"]
    if not pending:
        raise StudyxfError(f"every drill of {session.id} is passed: {', '.join(session.drills)}")
    return pending[0]


def _grade_and_record(study, d, path, hints_used: int, grade) -> dict:
    import time

    from studyxf import clock
    from studyxf.store.db import transaction

    started = time.monotonic()
    report = grade(d, path)
    seconds = time.monotonic() - started
    with transaction(study.conn):
        study.conn.execute(
            "INSERT INTO drill_attempts (drill, at, file, status, framework, failing, diagnosis, seconds, hints_used) "
            "VALUES (?,?,?,?,?,?,?,?,?)",
            (d.name, clock.timestamp(), str(path), report["status"], report.get("framework"),
             json.dumps([t["name"] for t in report["tests"] if t["status"] != "pass"]),
             json.dumps(report["diagnosis"]), seconds, hints_used))
    schedule = None
    if report["status"] == "pass":
        from studyxf.srs import drills as drill_srs

        scheduled = drill_srs.record_pass(study.conn, d.name, study.day())
        if scheduled:
            schedule = f"scheduled (SM-2 quality {scheduled[0]}): write it again from scratch on {scheduled[1]}"
    return report, schedule


def _show(report: dict, as_json: bool) -> None:
    if as_json:
        _emit_json(report)
    else:
        _print_report(report)


def _watch(study, d, path, hints_used: int, device: str = "cpu") -> int:
    """Re-grade on every save, like rustlings: a warm worker keeps torch imported."""
    import time

    from studyxf.grading.runner import WarmGrader

    grader = WarmGrader()
    seen = None
    try:
        while True:
            try:
                stamp = path.stat().st_mtime_ns, path.stat().st_size
            except OSError:
                stamp = None  # an editor replacing the file: wait for it to come back
            if stamp is not None and stamp != seen:
                seen = stamp
                time.sleep(0.05)  # let the editor finish writing
                click.clear()
                started = time.monotonic()
                report, schedule = _grade_and_record(study, d, path, hints_used,
                                                     lambda dr, p: grader.run(dr, p, device=device))
                _print_report(report)
                if schedule:
                    click.echo(schedule)
                click.echo(f"\n[{time.monotonic() - started:.2f} s] watching {path} - save to re-grade, "
                           f"Ctrl-C to stop")
            time.sleep(0.2)
    except KeyboardInterrupt:
        return 130
    finally:
        grader.close()


def _print_report(report: dict) -> None:
    from rich.console import Console

    from studyxf.grading.report import renderables

    console = Console(highlight=False)
    for item in renderables(report):
        console.print(item)


# -- labs ---------------------------------------------------------------------------------------

@cli.command()
@click.argument("name", type=click.Choice(["scaling", "heatmap", "positional", "train", "kv-cache"]))
@click.option("--plain", is_flag=True, help="Print the lab's figures as text instead of opening the screen.")
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--file", "submission", type=click.Path(), help="heatmap: your attention drill file (default: your "
              "workspace copy if it exists, else the engine).")
@click.option("--corpus", type=click.Path(), help="train: a text file to learn from (default: the Python standard "
              "library's source, which every install has).")
@click.option("--steps", type=click.IntRange(min=1), help="train: how many steps (default 1500).")
@click.option("--fresh", is_flag=True, help="train: start over instead of resuming the last checkpoint.")
@click.option("--device", type=click.Choice(["cpu", "cuda", "auto"]), default="auto", show_default=True)
def lab(name, plain, seed, submission, corpus, steps, fresh, device):
    """Run one of the seeds' experiments: scaling, heatmap, positional, train, kv-cache."""
    from studyxf.labs import runner

    options = {"seed": seed, "submission": submission, "corpus": corpus, "steps": steps, "fresh": fresh,
               "device": device}
    if plain or not _is_tty():
        return runner.run_plain(name, options)
    from studyxf.study import open_study
    from studyxf.tui.app import StudyApp

    StudyApp(open_study(), start="lab", lab=(name, options)).run()
    return 0


# -- calculators ----------------------------------------------------------------------------------

@cli.group()
def calc():
    """The engine's calculators: KV cache, parameters, attention cost."""


def _print_calc(data: dict, as_json: bool, lines: list[str]) -> int:
    if as_json:
        _emit_json(data)
    else:
        for line in lines:
            click.echo(line)
    return 0


@calc.command("kv-cache")
@click.option("--model", required=True, type=click.Choice(MODELS))
@click.option("--tokens", required=True, type=click.IntRange(min=1))
@click.option("--batch", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--dtype", default="fp16", show_default=True, type=click.Choice(DTYPES))
@click.option("--json", "as_json", is_flag=True)
def calc_kv_cache(model, tokens, batch, dtype, as_json):
    """KV-cache bytes: 2 * L * n_kv_heads * d_head * bytes per token."""
    from engine import calc as c
    from engine.config import named

    r = c.kv_cache(named(model), tokens, batch, dtype)
    lines = [f"{model}: {r['n_layers']} layers x {r['n_kv_heads']} KV heads x d_head {r['d_head']}, {dtype}",
             f"per token (one sequence): {r['bytes_per_token']:,} bytes ({c.human_bytes(r['bytes_per_token'])})",
             f"{tokens} tokens x batch {batch}: {r['bytes']:,} bytes ({c.human_bytes(r['bytes'])})",
             f"without GQA it would be: {r['bytes_without_gqa']:,} bytes ({c.human_bytes(r['bytes_without_gqa'])})"]
    if "sliding_window" in r:
        lines.append(f"with its {r['sliding_window']}-token sliding window (rolling buffer): "
                     f"{r['bytes_with_window']:,} bytes ({c.human_bytes(r['bytes_with_window'])})")
    return _print_calc(r, as_json, lines)


@calc.command("params")
@click.option("--model", required=True, type=click.Choice(MODELS))
@click.option("--json", "as_json", is_flag=True)
def calc_params(model, as_json):
    """Parameter counts: total and per block (attention, MLP, norms)."""
    from engine import calc as c
    from engine.config import named

    cfg = named(model)
    r = c.params(cfg)
    b = r["per_block"]
    lines = [f"{model}: {r['total']:,} parameters ({c.human_count(r['total'])})  [{cfg.source}]",
             f"per block: attention {b['attention']:,} ({c.human_count(b['attention'])}), "
             f"MLP {b['mlp']:,} ({c.human_count(b['mlp'])}), norms {b['norms']:,}",
             f"{r['n_layers']} blocks: {r['blocks']:,}; embeddings: token {r['embeddings']['token']:,}, "
             f"position {r['embeddings']['position']:,}, unembed {r['embeddings']['unembed']:,} "
             f"({'tied' if cfg.tied else 'untied'}); final norm {r['final_norm']:,}"]
    return _print_calc(r, as_json, lines)


@calc.command("attention")
@click.option("--batch", required=True, type=click.IntRange(min=1))
@click.option("--layers", required=True, type=click.IntRange(min=1))
@click.option("--heads", required=True, type=click.IntRange(min=1))
@click.option("--head-dim", required=True, type=click.IntRange(min=1))
@click.option("--tokens", required=True, type=click.IntRange(min=1))
@click.option("--dtype", default="fp16", show_default=True, type=click.Choice(DTYPES))
@click.option("--json", "as_json", is_flag=True)
def calc_attention(batch, layers, heads, head_dim, tokens, dtype, as_json):
    """Attention FLOPs (QK^T + AV; a multiply-add counts 2) and score-matrix memory."""
    from engine import calc as c

    r = c.attention(batch, layers, heads, head_dim, tokens, dtype)
    lines = [f"FLOPs per layer (QK^T + AV): {r['flops_per_layer']:,} ({c.human_count(r['flops_per_layer'], 'FLOP')})",
             f"FLOPs, all {layers} layers: {r['flops']:,} ({c.human_count(r['flops'], 'FLOP')})",
             f"score matrix per layer ({dtype}): {r['matrix_bytes_per_layer']:,} bytes "
             f"({c.human_bytes(r['matrix_bytes_per_layer'])})",
             f"all layers, if every matrix were kept: {r['matrix_bytes']:,} bytes ({c.human_bytes(r['matrix_bytes'])})"]
    return _print_calc(r, as_json, lines)


def main(argv: list[str] | None = None) -> None:
    try:
        code = cli.main(args=argv, prog_name="studyxf", standalone_mode=False)
    except click.exceptions.Exit as exc:
        code = exc.exit_code
    except click.exceptions.Abort:
        print("studyxf: interrupted", file=sys.stderr)
        code = 130
    except click.UsageError as exc:
        print(f"studyxf: error: {exc.format_message()}", file=sys.stderr)
        code = 2
    except click.ClickException as exc:
        print(f"studyxf: error: {exc.format_message()}", file=sys.stderr)
        code = exc.exit_code
    except KeyboardInterrupt:
        print("studyxf: interrupted", file=sys.stderr)
        code = 130
    except StudyxfError as exc:
        print(f"studyxf: error: {exc}", file=sys.stderr)
        code = exc.exit_code
    except BrokenPipeError:
        code = 0
    sys.exit(code if isinstance(code, int) else 0)
