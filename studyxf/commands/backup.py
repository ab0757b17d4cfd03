"""The backup command: the daily backups with their check result, and restoring one."""

from __future__ import annotations

import click


@click.command()
@click.option("--list", "show", is_flag=True, help="List the backups with date, size and integrity check (the default).")
@click.option("--restore", "name", metavar="NAME", help="Restore this backup (a date such as 2026-11-29, or a file "
                                                          "name); the current database is kept as .bad.")
def backup(show, name):
    """The daily backups (verified before they join the rotation), and restoring one."""
    from studyxf import paths
    from studyxf.store import backups

    if name:
        chosen, kept = backups.restore(name)
        click.echo(f"restored {chosen.name} ({chosen.size:,} bytes, integrity ok) into {paths.database()}")
        if kept:
            click.echo(f"the file it replaced was kept as {kept}")
        return 0
    found = backups.listing()
    if not found:
        click.echo(f"no backups yet in {paths.backups()} (one is made on the first open of each study day)")
        return 0
    for b in found:
        click.echo(f"{b.label:<32} {b.size:>12,} bytes  {'ok' if b.check == 'ok' else 'DAMAGED: ' + b.check}")
    click.echo(f"{len(found)} backup(s) in {paths.backups()}; restore one with: studyxf backup --restore NAME",
               err=True)
    return 0
