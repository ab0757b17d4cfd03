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


def day_words(day: date | None, today: date) -> str:
    """A study day said as Anki says it, relative to today's study day: "today", "tomorrow",
    "in 6 days", "yesterday", "3 days ago"; "none" for no day."""
    if day is None:
        return "none"
    n = (day - today).days
    if n == 0:
        return "today"
    if n == 1:
        return "tomorrow"
    if n == -1:
        return "yesterday"
    return f"in {n} days" if n > 0 else f"{-n} days ago"


def short_date(day: date) -> str:
    """'Fri 4 Dec': a date a person reads, without the year a review schedule seldom needs."""
    return f"{day:%a} {day.day} {day:%b}"


def study_day_note(moment: datetime | None = None, rollover_hour: int = DEFAULT_ROLLOVER_HOUR) -> str | None:
    """Past midnight but before the rollover, "today" and "tomorrow" mean the study day's, not the
    calendar's: this names that day ("it is 02:05: still Thu 3 Dec's study day, until 04:00");
    None at other hours, when the two agree."""
    moment = moment or now()
    day = study_day(moment, rollover_hour)
    if day == moment.date():
        return None
    return f"it is {moment:%H:%M}: still {short_date(day)}'s study day, until {rollover_hour:02d}:00"
