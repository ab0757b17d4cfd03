"""The sync command: this machine's history merged with the others' through a shared folder."""

from __future__ import annotations

import click


@click.command()
@click.argument("directory", metavar="DIR")
@click.option("--status", "show_status", is_flag=True, help="List the devices, their last sync and what is pending.")
@click.option("--name", metavar="NAME", help="This device's name in the other machines' output (default: the host name).")
@click.option("--new-device", is_flag=True,
              help="Give this copy of a data directory an id of its own and send its events again "
                   "(when sync says another machine writes under this device's id).")
def sync(directory, show_status, name, new_device):
    """Merge this machine's history with the others' through DIR (a folder kept in sync by Syncthing,
    Dropbox, a git repository, ...)."""
    from studyxf.study import open_study, warn
    from studyxf.sync import run

    study = open_study()
    if show_status:
        for line in run.status(study, directory):
            click.echo(run.printable(line))
        return 0
    result = run.sync(study, directory, name, new_device)
    for line in result.damaged:
        warn(run.printable(line))
    for line in result.notes:
        click.echo(run.printable(line))
    click.echo(run.printable(result.line()))
    return 0
