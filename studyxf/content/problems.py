"""A problem found in a content file: what the learner reads as PATH:LINE: FIELD: MESSAGE."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class Problem:
    path: Path
    line: int
    field: str
    message: str
    warning: bool = False  # valid, but not finished (a draft): said by check, which still exits 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.field}: {self.message}"


MAX_PER_FILE = 20


def cap(problems: list[Problem]) -> list[Problem]:
    """At most MAX_PER_FILE problems of one file, then one line saying how many more there are."""
    if len(problems) <= MAX_PER_FILE:
        return problems
    rest = len(problems) - MAX_PER_FILE
    last = problems[MAX_PER_FILE - 1]
    return problems[:MAX_PER_FILE] + [Problem(last.path, last.line, "(file)", f"... and {rest} more problem(s) "
                                                                              f"in this file")]
