"""The learner's settings from `$STUDYXF_HOME/config.toml`, with defaults."""

from __future__ import annotations

from dataclasses import dataclass, field

from studyxf import paths
from studyxf.errors import StudyxfError


@dataclass(frozen=True)
class Config:
    rollover_hour: int = 4
    new_cards_per_day: int = 20
    reviews_per_day: int = 200
    fuzz: bool = False
    leech_threshold: int = 8
    session_dirs: list[str] = field(default_factory=list)


_INT_KEYS = {"rollover_hour": (0, 23), "new_cards_per_day": (0, 10000),
             "reviews_per_day": (0, 100000), "leech_threshold": (1, 1000)}


def load() -> Config:
    path = paths.config_file()
    if not path.exists():
        return Config()
    import tomllib

    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise StudyxfError(f"{path}: {exc}") from None
    values = {}
    for key, value in raw.items():
        if key in _INT_KEYS:
            lo, hi = _INT_KEYS[key]
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise StudyxfError(f"{path}: {key}: expected an integer in {lo}..{hi}, got {value!r}")
            values[key] = value
        elif key == "fuzz":
            if not isinstance(value, bool):
                raise StudyxfError(f"{path}: fuzz: expected true or false, got {value!r}")
            values[key] = value
        elif key == "session_dirs":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise StudyxfError(f"{path}: session_dirs: expected a list of paths")
            values[key] = value
        else:
            raise StudyxfError(f"{path}: {key}: unknown setting")
    return Config(**values)
