"""The lab command: the seeds' experiments."""

from __future__ import annotations

import click

from studyxf.commands.common import is_tty
from studyxf.labs import NAMES as LABS


@click.command()
@click.argument("name", type=click.Choice(LABS))
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
    if plain or not is_tty():
        return runner.run_plain(name, options)
    from studyxf.study import open_study
    from studyxf.tui.app import StudyApp

    return StudyApp(open_study(), start="lab", lab=(name, options)).run_for_cli()
