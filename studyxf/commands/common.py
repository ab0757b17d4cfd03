"""Helpers every command shares."""

from __future__ import annotations

import sys


def emit_json(data) -> None:
    """--json output goes to stdout alone."""
    import json  # here, not at the top: `today` imports this module before its first frame

    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def is_tty() -> bool:
    return sys.stdout.isatty() and sys.stdin.isatty()
