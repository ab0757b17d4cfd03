"""The doctor command: what this machine gives the grader, one line each (studyxf/doctor.py)."""

from __future__ import annotations

import click


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the checks as JSON.")
def doctor(as_json):
    """What this machine gives the grader: the sandbox's isolation, CUDA (in this process and in the
    sandbox), Triton, torch and NumPy, your data directory, its last backup, sync. Exit 0 when what
    your config.toml asks for works (its `device`: cpu by default), 1 otherwise."""
    from studyxf import config, doctor as checks_of

    device = config.load().device
    checks = checks_of.run(device)
    failed = [c for c in checks if not c.ok and c.required]
    if as_json:
        from studyxf.commands.common import emit_json

        emit_json({"device": device, "ok": not failed, "checks": checks_of.as_json(checks)})
    else:
        for c in checks:
            click.echo(c.line())
        missing = sum(not c.ok for c in checks)
        verdict = (f"what your config asks for (device = \"{device}\") works" if not failed else
                   f"what your config asks for (device = \"{device}\") does not work: "
                   + ", ".join(c.name for c in failed))
        click.echo(f"\n{verdict}" + (f"; {missing} thing(s) missing" if missing else ""))
    return 1 if failed else 0
