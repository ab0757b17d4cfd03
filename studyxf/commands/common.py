"""Helpers every command shares."""

from __future__ import annotations

import sys


def emit_json(data) -> None:
    """--json output goes to stdout alone."""
    import json  # here, not at the top: `today` imports this module before its first frame

    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def is_tty() -> bool:
    """A terminal, or Textual's web driver (an app started by `studyxf serve` talks to a browser
    through pipes: it is the full app, never the plain text)."""
    import os

    if os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver"):
        return True
    return sys.stdout.isatty() and sys.stdin.isatty()
