"""The learner's settings from `$STUDYXF_HOME/config.toml`, with defaults."""

from __future__ import annotations

import re

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
    theme: str | None = None  # the app's theme, as last chosen in the command palette
    scheduler: str = "sm2"  # sm2 (the default) or fsrs; STUDYXF_SCHEDULER overrides it
    device: str = "cpu"  # where drills are graded unless --device says: cpu, cuda or auto (`studyxf doctor` checks it)
    mistake_cards: bool = True  # [review] mistake_cards: a verified slip becomes a recall card (srs/mistakes.py)


_INT_KEYS = {"rollover_hour": (0, 23), "new_cards_per_day": (0, 10000),
             "reviews_per_day": (0, 100000), "leech_threshold": (1, 1000)}


def load() -> Config:
    from studyxf import safefile

    path = paths.config_file()
    if not path.exists() and not path.is_symlink():
        return Config()
    try:  # a regular file under the cap only: a FIFO or /dev/zero here must not hang every command
        raw = safefile.load_toml(path)
    except OSError as exc:
        raise StudyxfError(f"{path}: {exc}") from None
    except ValueError as exc:  # PATH:LINE: (file): MESSAGE, as content errors are
        m = re.search(r"\s*\(at line (\d+), column \d+\)", str(exc))
        where = f"{path}:{m.group(1)}" if m else f"{path}:1"
        raise StudyxfError(f"{where}: (file): {str(exc)[:m.start()] if m else exc}") from None
    text = safefile.read_text(path)

    def at(key: str) -> str:
        """PATH:LINE: KEY, the line where the setting is written (tomllib keeps no lines)."""
        found = re.search(rf"^[ \t]*\"?{re.escape(key)}\"?[ \t]*=", text, re.M)
        return f"{path}:{text.count(chr(10), 0, found.start()) + 1 if found else 1}: {key}"

    values = {}
    for key, value in raw.items():
        if key in _INT_KEYS:
            lo, hi = _INT_KEYS[key]
            if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
                raise StudyxfError(f"{at(key)}: expected an integer in {lo}..{hi}, got {value!r}")
            values[key] = value
        elif key == "fuzz":
            if not isinstance(value, bool):
                raise StudyxfError(f"{at('fuzz')}: expected true or false, got {value!r}")
            values[key] = value
        elif key == "scheduler":
            from studyxf.srs.schedulers import NAMES  # only when the config names one

            if value not in NAMES:
                raise StudyxfError(f"{at('scheduler')}: expected \"sm2\" or \"fsrs\", got {value!r}")
            values[key] = value
        elif key == "device":
            if value not in ("cpu", "cuda", "auto"):
                raise StudyxfError(f"{at('device')}: expected \"cpu\", \"cuda\" or \"auto\", got {value!r}")
            values[key] = value
        elif key == "theme":
            if not isinstance(value, str):
                raise StudyxfError(f"{at('theme')}: expected a theme's name, got {value!r}")
            values[key] = value
        elif key == "review":
            if not isinstance(value, dict):
                raise StudyxfError(f"{at('review')}: expected a [review] table")
            for sub, setting in value.items():
                if sub != "mistake_cards":
                    raise StudyxfError(f"{at(sub)}: unknown setting in [review]")
                if not isinstance(setting, bool):
                    raise StudyxfError(f"{at(sub)}: expected true or false, got {setting!r}")
                values[sub] = setting
        elif key == "session_dirs":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise StudyxfError(f"{at('session_dirs')}: expected a list of paths")
            values[key] = value
        else:
            raise StudyxfError(f"{at(key)}: unknown setting")
    return Config(**values)


def save_theme(name: str) -> None:
    """Keep the theme chosen in the app: the `theme = ...` line of config.toml replaced or added,
    the rest of the file as the learner wrote it. A file that cannot be written keeps the old one."""
    import json
    import os
    import re

    from studyxf import safefile

    path = paths.config_file()
    try:
        text = safefile.read_text(path, safefile.MAX_CONTENT) if path.exists() else ""
        line = f"theme = {json.dumps(name)}"
        if re.search(r"(?m)^theme\s*=.*$", text):
            text = re.sub(r"(?m)^theme\s*=.*$", line, text, count=1)
        else:
            text = (text + ("\n" if text and not text.endswith("\n") else "")) + line + "\n"
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with open(tmp, "x", encoding="utf-8") as fh:  # a new file: never written through a FIFO or link left there
            fh.write(text)
        tmp.replace(path)
    except OSError:
        pass
