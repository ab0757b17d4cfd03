"""The command's entry point. `studyxf today` on a terminal, the evening's first command, opens the
app without importing click, the command line's parser (26 ms of a 0.39 s first frame, measured:
issue 30); everything else goes through cli.py. Both leave the same way (leave)."""

from __future__ import annotations

import os
import sys


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    if args == ["today"] and sys.stdout.isatty() and sys.stdin.isatty():
        leave(guarded(_today))
    from studyxf.cli import main as cli_main

    cli_main(argv)


def _today() -> int:
    from studyxf.tui.launch import today

    return today()


def guarded(run) -> int:
    """run()'s exit code; a failure a learner can meet (an error of studyxf's, Ctrl-C, a closed pipe,
    the database) is one line on stderr, never a traceback."""
    from studyxf.errors import StudyxfError

    try:
        code = run()
    except KeyboardInterrupt:
        print("studyxf: interrupted", file=sys.stderr)
        code = 130
    except StudyxfError as exc:
        print(f"studyxf: error: {exc}", file=sys.stderr)
        code = exc.exit_code
    except BrokenPipeError:
        code = 0
    except Exception as exc:  # noqa: BLE001 - a database error anywhere is one line, never a traceback
        sqlite3 = sys.modules.get("sqlite3")
        if sqlite3 is None or not isinstance(exc, sqlite3.Error):
            raise
        from studyxf.store.db import storage_error

        print(f"studyxf: error: {storage_error(exc)}", file=sys.stderr)
        code = 2
    return code if isinstance(code, int) else 0


def leave(code: int) -> None:
    """Exit without the interpreter's teardown (20-25 ms of freeing modules after every command,
    measured on `studyxf drill`) once the exit handlers have run, the database is closed (its WAL
    checkpointed into the file, as at a normal exit) and the output is flushed. A normal exit where
    another thread still runs: it is waited for."""
    import threading

    if any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.exit(code)
    import atexit

    atexit._run_exitfuncs()  # CPython's own call at exit: finalizers, temporary folders, logging
    store = sys.modules.get("studyxf.store.db")
    if store is not None:
        store.close_all()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more to say
            pass
    os._exit(code)
