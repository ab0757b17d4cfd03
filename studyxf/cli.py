"""The command line: one entry point; each subcommand's module is imported only when it runs (or
when --help lists it), and heavy libraries only inside the commands that need them."""

from __future__ import annotations

import importlib
import sys

import click


COMMANDS = {  # name -> module:attribute
    "today": "sessions:today", "sessions": "sessions:sessions", "check": "sessions:check",
    "complete": "sessions:complete", "flag": "sessions:flag", "notes": "sessions:notes",
    "review": "cards:review", "cards": "cards:cards", "stats": "cards:stats", "export": "cards:export",
    "drill": "drill:drill", "lab": "lab:lab", "calc": "calc:calc", "backup": "backup:backup",
    "import": "authoring:import_", "new": "authoring:new", "serve": "serve:serve", "sync": "sync:sync",
    "doctor": "doctor:doctor",
}


class LazyGroup(click.Group):
    """click's lazy-loading pattern: a subcommand is imported when it is looked up."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        target = COMMANDS.get(name)
        if target is None:
            return None
        module, attr = target.split(":")
        return getattr(importlib.import_module(f"studyxf.commands.{module}"), attr)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="studyxf", prog_name="studyxf")
def cli():
    """studyxf: learn how transformers work by doing.

    Today's session, recall cards on SM-2, and drills graded against a reference transformer.
    """


def main(argv: list[str] | None = None) -> None:
    def run():
        try:
            return cli.main(args=argv, prog_name="studyxf", standalone_mode=False)
        except click.exceptions.Exit as exc:
            return exc.exit_code
        except click.exceptions.Abort:
            print("studyxf: interrupted", file=sys.stderr)
            return 130
        except click.UsageError as exc:
            print(f"studyxf: error: {exc.format_message()}", file=sys.stderr)
            return 2
        except click.ClickException as exc:
            print(f"studyxf: error: {exc.format_message()}", file=sys.stderr)
            return exc.exit_code

    from studyxf import entry

    entry.leave(entry.guarded(run))
