"""Helpers every command shares."""

from __future__ import annotations

import json
import sys


def emit_json(data) -> None:
    """--json output goes to stdout alone."""
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def is_tty() -> bool:
    return sys.stdout.isatty() and sys.stdin.isatty()
