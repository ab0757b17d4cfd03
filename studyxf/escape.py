"""Text from outside the learner's own hands (a graded file's prints and exceptions, another machine's
sync lines) as it may be shown: control characters escaped, so that it cannot clear the screen, set
the terminal's title, write the clipboard (OSC 52) or reorder what is shown (bidi overrides)."""

from __future__ import annotations

# C0, DEL, C1 and the bidirectional overrides
_ALL = {c: f"\\x{c:02x}" for c in [*range(0x20), *range(0x7f, 0xa0)]}
_ALL.update({c: f"\\u{c:04x}" for c in [*range(0x202a, 0x202f), *range(0x2066, 0x206a)]})
_LINES = {c: v for c, v in _ALL.items() if chr(c) not in "\n\t"}


def escaped(text: str, lines: bool = False) -> str:
    """`text` with every control character written as an escape (\\x1b, \\u202e); with `lines`,
    newlines and tabs kept (a program's output, a multi-line message)."""
    return text.translate(_LINES if lines else _ALL)
