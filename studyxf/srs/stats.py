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


def _bars(title: str, rows: list[tuple[str, int]], width: int = 30):
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table(show_edge=False)
    table.add_column("day")
    table.add_column("n", justify="right")
    table.add_column("")
    peak = max((n for _, n in rows), default=0) or 1
    for label, n in rows:
        table.add_row(label, str(n), "█" * round(width * n / peak) if n else "")
    return Group(Text(title, style="bold"), table)


def renderables(data: dict) -> list:
    """The stats as rich renderables: shared by `studyxf stats` and the app's stats screen."""
    from rich.text import Text

    s = data["sessions"]
    retention = "—" if data["retention"] is None else f"{data['retention']:.0%}"
    out = [Text(f"Sessions done: {s['done']}/{s['total']}   streak: {data['streak']} day(s)   "
                f"retention (recalled: SM-2 3+, FSRS Hard+): {retention}   scheduler: {'FSRS' if data['scheduler'] == 'fsrs' else 'SM-2'}"),
           Text("Cards: " + ", ".join(f"{k} {v}" for k, v in data["cards"].items()
                                      if k != "leech" and (k != "removed" or v))
                + (f" (leeches, suspended: {data['cards']['leech']})" if data["cards"].get("leech") else ""))]
    if data["backlog"]:
        out.append(Text(f"Backlog beyond today's review limit: {data['backlog']}", style="bold"))
    out.append(_bars("Forecast: cards due, next 30 days", [(f["day"][5:], f["due"]) for f in data["forecast"]]))
    recent = data["reviews_per_day"][-14:]
    if recent:
        out.append(_bars("Reviews per day (last 14 days with reviews)", [(r["day"][5:], r["reviews"]) for r in recent]))
    if data.get("slips"):
        out.append(Text("Your most frequent slips: " + ", ".join(
            f"{s['slip']} x{s['count']} in {s['drill']}" for s in data["slips"][:5])))
    if data["drills"]:
        out.append(Text("Recent drills: " + ", ".join(f"{d['drill']} {d['status']}" for d in data["drills"][:10])))
    return out


def print_text(data: dict) -> None:
    from rich.console import Console

    console = Console()
    for item in renderables(data):
        console.print(item)


