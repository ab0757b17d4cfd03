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

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.field}: {self.message}"
