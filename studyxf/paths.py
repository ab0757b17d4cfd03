"""Where studyxf keeps data and finds content: platformdirs, STUDYXF_HOME, STUDYXF_SESSIONS, STUDYXF_DRILLS."""

from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def home() -> Path:
    """The data directory (database, workspace, config); STUDYXF_HOME overrides the platform's."""
    override = os.environ.get("STUDYXF_HOME")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("studyxf", appauthor=False))


def data_dirs() -> list[str]:
    """The data directory in use and the platform's own (another history of the learner's, when
    STUDYXF_HOME points elsewhere), resolved: what the grader's sandbox must not read."""
    from platformdirs import user_data_dir

    found = [home(), Path(user_data_dir("studyxf", appauthor=False))]
    return list(dict.fromkeys(str(p.resolve()) for p in found))


def database() -> Path:
    return home() / "studyxf.sqlite3"


def backups() -> Path:
    return home() / "backups"


def workspace() -> Path:
    return home() / "workspace"


def config_file() -> Path:
    return home() / "config.toml"


def _content_dir(name: str) -> Path:
    # installed wheel: content is force-included under the package; source tree: beside it
    shipped = _PKG / "_content" / name
    if shipped.is_dir():
        return shipped
    return _PKG.parent / name


def shipped_sessions() -> Path:
    return _content_dir("sessions")


def shipped_drills() -> Path:
    return _content_dir("drills")


def user_drill_dirs() -> list[Path]:
    """The learner's own drill folders: STUDYXF_DRILLS (`:`-separated), then `$STUDYXF_HOME/drills`
    when it exists. Each holds drill folders laid out as the shipped ones."""
    env = os.environ.get("STUDYXF_DRILLS", "")
    dirs = [Path(p).expanduser() for p in env.split(os.pathsep) if p.strip()]
    default = home() / "drills"
    if default.is_dir():
        dirs.append(default)
    return _unique(dirs)


def user_session_dirs(config_dirs: list[str] | None = None) -> list[Path]:
    """The learner's own session folders: STUDYXF_SESSIONS (`:`-separated), then config, then
    `$STUDYXF_HOME/sessions` when it exists."""
    dirs: list[Path] = []
    env = os.environ.get("STUDYXF_SESSIONS", "")
    dirs += [Path(p).expanduser() for p in env.split(os.pathsep) if p.strip()]
    dirs += [Path(p).expanduser() for p in (config_dirs or [])]
    default = home() / "sessions"
    if default.is_dir():
        dirs.append(default)
    return _unique(dirs)


def _unique(dirs: list[Path]) -> list[Path]:
    seen: set[Path] = set()
    unique = []
    for d in dirs:
        key = d.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(d)
    return unique
