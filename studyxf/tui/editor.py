"""Handing the terminal to the learner's $VISUAL / $EDITOR (vi by default) for one file, at a line."""

from __future__ import annotations

import os
import shlex
import subprocess


def edit(app, path, line: int | None = None) -> str | None:
    """Run the editor with the app suspended; None when it ran, else why it could not start."""
    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    try:
        with app.suspend():
            subprocess.run([*shlex.split(editor), *([f"+{line}"] if line else []), str(path)])
    except Exception as exc:  # noqa: BLE001 - no terminal to hand over, or no such editor
        return f"cannot start {editor}: {exc}"
    return None
