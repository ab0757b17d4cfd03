"""Learning statistics: reviews per day, cards by state, the 30-day forecast, retention, streak."""

from __future__ import annotations

from datetime import timedelta

FORECAST_DAYS = 30


def compute(study) -> dict:
    conn, deck = study.conn, study.deck
    today = deck.today()
    per_day = dict(conn.execute(
        "SELECT day, COUNT(*) FROM reviews WHERE practice = 0 GROUP BY day ORDER BY day"))
    graded = conn.execute(
        "SELECT COUNT(*), COALESCE(SUM(grade >= 3), 0) FROM reviews WHERE practice = 0 AND reask = 0").fetchone()
    states = {"new": 0, "learning": 0, "review": 0, "suspended": 0, "leech": 0}
    forecast = [0] * FORECAST_DAYS
    for card in deck.all_cards():
        if card.leech:
            states["leech"] += 1
        if card.suspended:
            states["suspended"] += 1
            continue
        if card.due is None:
            states["new"] += 1
            continue
        states["review" if card.repetitions >= 2 else "learning"] += 1
        offset = max(0, (card.due - today).days)
        if offset < FORECAST_DAYS:
            forecast[offset] += 1
    streak = 0
    day = today if today.isoformat() in per_day else today - timedelta(days=1)
    while day.isoformat() in per_day:
        streak += 1
        day -= timedelta(days=1)
    drills = [dict(zip(("drill", "at", "status", "seconds"), row)) for row in conn.execute(
        "SELECT drill, at, status, seconds FROM drill_attempts ORDER BY id DESC LIMIT 50")]
    statuses = study.statuses()
    return {
        "today": today.isoformat(),
        "sessions": {"done": sum(v == "done" for v in statuses.values()), "total": len(statuses)},
        "cards": states,
        "reviews_per_day": [{"day": d, "reviews": n} for d, n in per_day.items()],
        "forecast": [{"day": (today + timedelta(days=i)).isoformat(), "due": n} for i, n in enumerate(forecast)],
        "retention": round(graded[1] / graded[0], 4) if graded[0] else None,
        "streak": streak,
        "backlog": deck.backlog(),
        "drills": drills,
    }


def print_text(data: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    s = data["sessions"]
    retention = "—" if data["retention"] is None else f"{data['retention']:.0%}"
    console.print(f"Sessions done: {s['done']}/{s['total']}   streak: {data['streak']} day(s)   "
                  f"retention: {retention}")
    console.print("Cards: " + ", ".join(f"{k} {v}" for k, v in data["cards"].items()))
    if data["backlog"]:
        console.print(f"Backlog beyond today's review limit: {data['backlog']}")
    table = Table(title="Forecast (next 30 days)", show_edge=False)
    table.add_column("day")
    table.add_column("due", justify="right")
    table.add_column("")
    peak = max((f["due"] for f in data["forecast"]), default=0) or 1
    for f in data["forecast"]:
        if f["due"]:
            table.add_row(f["day"], str(f["due"]), "█" * max(1, round(20 * f["due"] / peak)))
    console.print(table)
    if data["drills"]:
        console.print("Recent drills: " + ", ".join(f"{d['drill']} {d['status']}" for d in data["drills"][:10]))


