"""A shipped session made the learner's own before it is edited: the shipped files live inside
the installed package, where an upgrade replaces them (and the edits with them)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from studyxf import paths


def is_shipped(path: Path) -> bool:
    return path.resolve().is_relative_to(paths.shipped_sessions().resolve())


def learner_folder(user_dirs: list[Path]) -> Path:
    """Where a learner's sessions are written: their first sessions folder, else $STUDYXF_HOME/sessions
    (read whenever it exists)."""
    return user_dirs[0] if user_dirs else paths.home() / "sessions"


def editable(path: Path, user_dirs: list[Path]) -> tuple[Path, str | None]:
    """The file to open to edit the session in `path`: `path` itself when it is the learner's;
    for a shipped file, its copy in the learner's sessions folder, made now if there is none (a
    session there with the same id replaces the shipped one). The second value says what was done
    when it was not simply `path`."""
    if not is_shipped(path):
        return path, None
    target = learner_folder(user_dirs) / path.name
    if target.exists():  # a copy made before that the curriculum does not use (not valid, or another id)
        return target, f"opened your copy {target} (it is not in use: `studyxf check {target}` says why)"
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:  # whole or not at all
        shutil.copyfile(path, tmp)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    return target, (f"copied the shipped session to {target}, where an upgrade leaves it alone, and opened the "
                    f"copy (it replaces the shipped one)")
