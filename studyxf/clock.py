"""The one source of "now" and of the study day; honours STUDYXF_NOW."""

from __future__ import annotations

import os
import re
from datetime import date, datetime, time, timedelta

from studyxf.errors import StudyxfError

DEFAULT_ROLLOVER_HOUR = 4  # as Anki: a late-night review still counts for the evening's day


def _parse_fixed(value: str) -> datetime:
    value = value.strip()
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
            # a bare date means noon, so the rollover hour never moves it to the day before
            return datetime.combine(date.fromisoformat(value), time(12, 0))
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise StudyxfError(f"STUDYXF_NOW: not an ISO 8601 date or time: {value!r}") from None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone().replace(tzinfo=None)
    return parsed


def now() -> datetime:
    """Local naive time: STUDYXF_NOW when set (the clock stays frozen there), else the wall clock."""
    fixed = os.environ.get("STUDYXF_NOW")
    if fixed:
        return _parse_fixed(fixed)
    return datetime.now()


def check_env() -> None:
    """Fail early (exit 2) on an invalid STUDYXF_NOW."""
    fixed = os.environ.get("STUDYXF_NOW")
    if fixed:
        _parse_fixed(fixed)


# the config's hours (0-23) as timedeltas, built once: study_day runs a few times per answer, and a
# timedelta built each time was most of its cost (issue 30)
_HOURS = tuple(timedelta(hours=h) for h in range(24))


def study_day(moment: datetime | None = None, rollover_hour: int = DEFAULT_ROLLOVER_HOUR) -> date:
    """The study day a moment belongs to: before the rollover hour it is still yesterday."""
    moment = moment or now()
    back = _HOURS[rollover_hour] if 0 <= rollover_hour < 24 else timedelta(hours=rollover_hour)
    return (moment - back).date()


def timestamp(moment: datetime | None = None) -> str:
    """ISO timestamp (seconds) for the database."""
    return (moment or now()).isoformat(timespec="seconds")
