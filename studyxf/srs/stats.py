"""Learning statistics: reviews per day, cards by state, the 30-day forecast, retention, streak."""

from __future__ import annotations

from datetime import date, timedelta

from studyxf.store import days

FORECAST_DAYS = 30


def compute(study) -> dict:
    """Everything from what is shown: the per-day aggregates the store keeps (store/days.py), counts
    of cards by state in SQL, and the forecast from the due-date index; no scan of the review log and
    no Python loop over the cards (issue 30)."""
    conn, deck = study.conn, study.deck
    today = deck.today()
    iso = today.isoformat()
    per_day = {}
    graded = recalled = 0
    for day, n, g, r, _ in days.per_day(conn):
        if n:
            per_day[day] = n
        graded += g
        recalled += r
    # the states of `cards` and the browser (Deck.state_of: DESIGN.md's definition); leeches are
    # suspended cards, counted apart as well; removed cards (their prompt or session left the
    # curriculum) are named as such, never counted as suspended
    states = {"new": 0, "learning": 0, "review": 0, "suspended": 0, "buried": 0, "leech": 0, "removed": 0}
    for state, n, leech in conn.execute(
            "SELECT CASE WHEN removed THEN 'removed' WHEN suspended THEN 'suspended' "
            "WHEN buried_until > ? THEN 'buried' WHEN due IS NULL THEN 'new' ELSE 'review' END, COUNT(*), "
            "SUM(leech AND NOT removed) FROM cards GROUP BY 1", (iso,)):
        states[state] += n
        states["leech"] += leech or 0
    learning = deck.reasks(today)  # active cards only: neither suspended nor buried
    if learning:
        marks = ",".join("?" * len(learning))
        for is_new, n in conn.execute(f"SELECT due IS NULL, COUNT(*) FROM cards WHERE id IN ({marks}) GROUP BY 1",
                                      learning):
            states["new" if is_new else "review"] -= n
            states["learning"] += n
    forecast = [0] * FORECAST_DAYS
    end = (today + timedelta(days=FORECAST_DAYS)).isoformat()
    for due, n in conn.execute("SELECT MAX(due, ?), COUNT(*) FROM cards WHERE suspended = 0 AND due IS NOT NULL "
                               "AND due < ? GROUP BY 1", (iso, end)):
        forecast[(date.fromisoformat(due) - today).days] += n
    streak = 0
    day = today if iso in per_day else today - timedelta(days=1)
    while day.isoformat() in per_day:
        streak += 1
        day -= timedelta(days=1)
    drills = [dict(zip(("drill", "at", "status", "seconds"), row)) for row in conn.execute(
        "SELECT drill, at, status, seconds FROM drill_attempts ORDER BY id DESC LIMIT 50")]
    statuses = study.statuses()
    from studyxf.srs import mistakes

    return {
        "today": today.isoformat(),
        "sessions": {"done": sum(v == "done" for v in statuses.values()), "total": len(statuses)},
        "cards": states,
        "reviews_per_day": [{"day": d, "reviews": n} for d, n in per_day.items()],
        "forecast": [{"day": (today + timedelta(days=i)).isoformat(), "due": n} for i, n in enumerate(forecast)],
        "retention": round(recalled / graded, 4) if graded else None,
        "scheduler": deck.scheduler.name,
        "streak": streak,
        "backlog": deck.backlog(),
        "drills": drills,
        "slips": mistakes.slips(conn),  # the verified slips of every attempt, most frequent first
    }


def trend(study) -> dict:
    """Retention and answer time by week (charts.trends): what the pictures draw beside `compute`'s
    data, kept out of it so that `stats --json` stays as it was."""
    from studyxf.srs import charts

    return charts.trends(study.conn, study.deck.today(), days.per_day(study.conn))


def _summary(data: dict) -> list:
    from rich.text import Text

    s = data["sessions"]
    retention = "—" if data["retention"] is None else f"{data['retention']:.0%}"
    out = [Text(f"Sessions done {s['done']}/{s['total']} · streak {data['streak']} day(s) · retention {retention} "
                f"· {'FSRS' if data['scheduler'] == 'fsrs' else 'SM-2'}"),
           Text("Cards: " + ", ".join(f"{k} {v}" for k, v in data["cards"].items()
                                      if k != "leech" and (k != "removed" or v))
                + (f" (leeches, suspended: {data['cards']['leech']})" if data["cards"].get("leech") else ""))]
    if data["backlog"]:
        out.append(Text(f"Backlog beyond today's review limit: {data['backlog']}", style="bold"))
    return out


def _drills(data: dict) -> list:
    from rich.text import Text

    out = []
    if data.get("slips"):  # the learner's own mistakes, most frequent first (mistake cards)
        out.append(Text("Your most frequent slips: " + ", ".join(
            f"{s['slip']} x{s['count']} in {s['drill']}" for s in data["slips"][:5])))
    if data["drills"]:
        out.append(Text("Recent drills: " + ", ".join(f"{d['drill']} {d['status']}" for d in data["drills"][:10])))
    return out


def renderables(data: dict, trend: dict, numbers: bool = False) -> list:
    """The stats as pictures (srs/charts.py): the app's stats screen and `studyxf stats` on a
    terminal. `numbers`: the figures under each picture."""
    from studyxf.srs import charts

    return [*_summary(data), *charts.pictures(data, trend, numbers), *_drills(data)]


def plain_lines(data: dict, trend: dict) -> list[str]:
    """The stats as text, each chart as one line of Unicode bars: --plain, and stdout not a terminal."""
    from studyxf.srs import charts

    return [t.plain for t in _summary(data)] + charts.compact(data, trend) + [t.plain for t in _drills(data)]


def print_text(data: dict, trend: dict, plain: bool = False) -> None:
    from rich.console import Console

    if plain:
        for line in plain_lines(data, trend):
            print(line)
        return
    console = Console()
    for item in renderables(data, trend):
        console.print(item)
