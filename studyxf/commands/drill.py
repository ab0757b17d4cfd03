"""The drill command: list, grade, watch, hints, reset, the drill screen."""

from __future__ import annotations

from pathlib import Path

import click

from studyxf.commands.common import emit_json
from studyxf.errors import StudyxfError


@click.command()
@click.argument("name", required=False)
@click.argument("file", required=False, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON (Exercism v2 + studyxf fields).")
@click.option("--hint", is_flag=True, help="Show the next hint, then grade.")
@click.option("--watch", is_flag=True, help="Re-grade every time the file is saved (Ctrl-C stops).")
@click.option("--reset", is_flag=True, help="Restore the starter in your workspace (your version is kept as a backup).")
@click.option("--tui", is_flag=True, help="Open the drill screen: task, report, keys to grade, edit, hint.")
@click.option("--device", type=click.Choice(["cpu", "cuda", "auto"]), default=None,
              help="Where torch files are graded (default: config.toml's `device`, else cpu).")
@click.option("--bench", is_flag=True, help="Triton drills, on a GPU: after a pass there, time your kernel against "
                                            "torch's (implies --device cuda); your best time is kept.")
@click.option("--framework", type=click.Choice(["numpy", "torch"]), default="numpy", show_default=True,
              help="Starter to copy into a new workspace.")
def drill(name, file, as_json, hint, watch, reset, tui, device, framework, bench):
    """List drills, or grade FILE (default: your workspace copy) for drill NAME; NAME `next` is
    today's next unfinished drill."""
    from pathlib import Path

    from studyxf import paths
    from studyxf.grading import catalogue
    from studyxf.grading.process import not_dumpable

    not_dumpable()  # this command's /proc/<pid> (the database's descriptor) closed to the sandbox

    drills = catalogue.all_drills() if not name or name == "next" else None
    if not name:
        from studyxf.study import open_study

        study = open_study()
        from studyxf.srs import drills as drill_srs

        last = drill_srs.latest_status(study.conn)
        shipped = paths.shipped_drills().resolve()
        best = _best_times(drills)
        for d in drills.values():
            needs = d.needs_line()
            if needs:  # a drill of an extra not installed here: one line saying what to install
                click.echo(f"{d.name:<24} {'needs':<10} {needs.split(': ', 1)[-1]} (the "
                           f"{d.data.get('extra', 'optional')} extra: {', '.join(d.missing())})")
                continue
            click.echo(f"{d.name:<24} {last.get(d.name, 'not tried'):<10} {d.title}{best.get(d.name, '')}")
        own = sorted({str(d.folder.resolve().parent) for d in drills.values()
                      if d.folder.resolve().parent != shipped})
        if own:  # code that runs on grading: the learner should know where it comes from
            click.echo(f"\nyour own drill folders (their grader.py runs on this machine when graded): "
                       f"{', '.join(own)}")
            for d in drills.values():
                if d.folder.resolve().parent != shipped:
                    click.echo(f"  {d.name}: {d.folder}")
            click.echo(f"the others are shipped with studyxf: {shipped}")
        return 0
    if name == "next":
        name = _next_drill()
        click.echo(f"next drill: {name}", err=as_json)
    d = drills.get(name) if drills is not None else catalogue.find(name)
    if d is None:
        raise StudyxfError(f"unknown drill {name!r} (known: {', '.join(drills or catalogue.all_drills())})")
    if device is None:
        from studyxf import config

        device = config.load().device
    if bench:
        from studyxf.grading.bench import BENCH

        if name not in BENCH:
            raise click.UsageError(f"--bench times a Triton drill's kernel ({', '.join(BENCH)}); {name} is not one")
        if watch or tui:
            raise click.UsageError("--bench grades once, then times: not with --watch or --tui")
        device = "cuda"  # the time of a kernel in the interpreter says nothing; auto would fall back to it
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
        if not path.exists():
            raise StudyxfError(f"{file}: no such file")
    needs = d.needs_line()
    if needs:  # before any grading: the sandbox would only fail to import it
        raise StudyxfError(needs)
    from studyxf import safefile

    try:  # a FIFO or a sparse giant in its place would hang or exhaust the worker: one line instead
        safefile.read_bytes(path, safefile.MAX_TEXT)
    except safefile.FileRefused as exc:
        raise StudyxfError(f"{path}: {exc}") from None
    from studyxf.grading.runner import Pending

    # one grading, started before the database is opened: the two overlap (the screen and --watch grade their own)
    pending = None if tui or watch else Pending(d, path, device=device, bench=bench)
    from studyxf.study import open_study

    study = open_study(backup=False)
    from studyxf.srs import drills as drill_srs

    if hint:
        shown = drill_srs.next_hint(study.conn, d)
        click.echo(shown or "no more hints", err=as_json)
    hints_used = drill_srs.hints_used(study.conn, name)
    if tui:
        from studyxf.tui.app import StudyApp

        return StudyApp(study, start="drill", drill=d, drill_path=path).run_for_cli()
    if watch:
        return _watch(study, d, path, hints_used, device)
    if not as_json:  # imported while the worker runs, not after it
        import rich.console  # noqa: F401

        import studyxf.grading.report  # noqa: F401
    from studyxf.grading.attempts import grade_and_record  # after the grading started: 7 ms of imports

    report, schedule = grade_and_record(study, d, path, hints_used, lambda _d, _p: pending.result())
    _show(report, as_json)
    if schedule:
        click.echo(schedule, err=as_json)
    if report["status"] == "pass" and bench:
        _bench(d, report.get("bench") or {"error": "no bench ran (the grading was not on the GPU)"}, as_json)
    if report["status"] == "pass" and not as_json:
        _show_solution(d)
    return 0 if report["status"] == "pass" else 1


def _best_times(drills) -> dict:
    """The listing's best time per Triton drill that was benched (read only where one exists)."""
    from studyxf.grading import bench

    data = bench.best_times()
    return {n: bench.best_line(n, data) for n in drills if n in data}


def _bench(d, result: dict, as_json: bool) -> None:
    """--bench after a pass on the GPU: the figures the judge checked (stderr with --json), the best
    time kept by this command (the sandbox writes nothing of it)."""
    from studyxf import clock
    from studyxf.grading import bench

    for line in bench.describe(result):
        click.echo(line, err=as_json)
    if bench.record_best(d.name, result, clock.now().isoformat(timespec="seconds")):
        click.echo(f"  your best time for {d.name} on this GPU: {result['ms']:.3f} ms (shown in `studyxf drill`)",
                   err=as_json)


def _show_solution(d) -> None:
    """After a pass, as rustlings does: the reference solution and what the engine does differently."""
    from rich.console import Console

    text = d.solution_text()
    console = Console()
    if text:
        console.print("\n[bold]A reference solution[/bold]")
        if console.is_terminal:
            from studyxf.render import WrappedCode

            console.print(WrappedCode(text))
        else:  # no colours to show: importing pygments and lexing (130 ms, a third of a passing verdict) is lost
            click.echo(text.rstrip("\n"))
    if d.data.get("after_pass"):
        console.print(f"[bold]What the engine does differently:[/bold] {d.data['after_pass']}")


def _next_drill() -> str:
    """Today's first drill whose latest attempt is not a pass."""
    from studyxf.study import open_study

    study = open_study()
    session = study.today_session()
    if session is None or not session.drills:
        raise StudyxfError("today's session has no drill" if session else "no session today")
    from studyxf.srs import drills as drill_srs

    pending = drill_srs.unfinished(study.conn, drill_srs.in_order(study.conn, session, study.day()))
    if not pending:
        raise StudyxfError(f"every drill of {session.id} is passed: {', '.join(session.drills)}")
    return pending[0]


def _show(report: dict, as_json: bool) -> None:
    if as_json:  # DESIGN.md's report: the isolation note is the text header's
        emit_json({k: v for k, v in report.items() if k != "isolation"})
    else:
        _print_report(report)


def _watch(study, d, path, hints_used: int, device: str = "cpu") -> int:
    """Re-grade on every save, like rustlings: a warm worker keeps torch imported."""
    import time

    from studyxf.grading.attempts import grade_and_record
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
                report, schedule = grade_and_record(study, d, path, hints_used,
                                                     lambda dr, p: grader.run(dr, p, device=device))
                _print_report(report, fit=path)
                if schedule:
                    click.echo(schedule)
                if report["status"] == "pass":  # as a single grading does (and rustlings' watch): the reference
                    _show_solution(d)
                click.echo(f"[{time.monotonic() - started:.2f} s] watching {path} - save to re-grade, "
                           f"Ctrl-C to stop")
            time.sleep(0.2)
    except KeyboardInterrupt:
        return 130
    finally:
        grader.close()


def _print_report(report: dict, fit: Path | None = None) -> None:
    """The report; with `fit`, the file watched, cut to the terminal's height, so that the verdict and
    the diagnosis at its top stay on the screen and the tail is what is left out."""
    from rich.console import Console

    from studyxf.grading.report import renderables

    console = Console(highlight=False)
    if not fit:
        for item in renderables(report):
            console.print(item)
        return
    with console.capture() as captured:
        for item in renderables(report):
            console.print(item)
    lines = captured.get().splitlines()
    room = max(console.size.height - 4, 8)  # the schedule and the watching line below it
    if len(lines) > room:
        lines = lines[:room - 1] + [f"  ... {len(lines) - room + 1} more lines: run studyxf drill "
                                    f"{report['drill']} {fit} (without --watch) to see them all"]
    click.echo("\n".join(lines), color=True)
