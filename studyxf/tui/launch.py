"""Today's session in the app: what `studyxf today` opens on a terminal, through the command line
(commands/sessions.py) or without it (entry.py)."""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """Textual's import and the first frame allocate ~10^5 long-lived objects, and the collector's
    passes over them cost ~13 ms before the first frame: it stays off until that frame is painted
    (StudyApp.on_ready turns it back on), or until the command ends without one."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def today() -> int:
    """Open today's session (entering it: a new study day moves on) in the app; its exit code."""
    with collector_paused():
        from studyxf.study import open_study

        study = open_study()
        return app(study, study.enter_today())


def app(study, session) -> int:
    """The app on `session` (None: the curriculum ran out)."""
    from studyxf.tui.app import StudyApp

    return StudyApp(study, session_id=session.id if session else None).run_for_cli()
