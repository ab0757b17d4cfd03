"""`stats --compare`: the learner's own review log replayed under SM-2 and under FSRS, and what each
would ask over the next 30 days if every answer were Good, with the recall FSRS predicts at those
reviews (its memory model, fitted to nothing but its default parameters, is the common yardstick)."""

from __future__ import annotations

from datetime import datetime, timedelta

from studyxf.srs import schedulers

DAYS = 30
AT_HOUR = 20  # simulated answers are given in the evening


def _logs(conn) -> dict[str, list]:
    logs: dict[str, list] = {}
    for card_id, *entry in conn.execute(
            "SELECT r.card_id, r.at, r.day, r.grade, r.scale FROM reviews r JOIN cards c ON c.id = r.card_id "
            "WHERE r.reask = 0 AND r.practice = 0 AND c.suspended = 0 ORDER BY r.id"):
        logs.setdefault(card_id, []).append(entry)
    return logs


def compare(study, days: int = DAYS) -> dict:
    today = study.deck.today()
    rollover = study.config.rollover_hour
    sm2, fsrs = schedulers.make("sm2"), schedulers.make("fsrs", rollover)
    out = {}
    logs = _logs(study.conn)
    # each card replayed once per scheduler; FSRS's replay is also its memory, to predict recall
    replayed = [(schedulers.replay(sm2, log), schedulers.replay(fsrs, log)) for log in logs.values()]
    for sched in (sm2, fsrs):
        per_day = [0] * days
        recall = []
        for sm2_state, memory in replayed:
            state = memory if sched is fsrs else sm2_state
            for day, moment in schedulers.simulate(sched, state, today, days, AT_HOUR):
                recall.append(fsrs.retrievability(memory.fsrs, moment))
                per_day[(day - today).days] += 1
                memory = fsrs.step(memory, fsrs.good, moment, day)
        out[sched.name] = {"reviews": sum(per_day), "per_day": per_day,
                           "predicted_retention": round(sum(recall) / len(recall), 4) if recall else None}
    return {"today": today.isoformat(), "days": days, "cards": len(logs), "answers": sum(map(len, logs.values())),
            "scheduler": study.deck.scheduler.name, **out}


def renderables(data: dict) -> list:
    """The comparison as a table and a chart of reviews per day (rich), for `stats --compare` and
    the stats screen."""
    from rich.table import Table
    from rich.text import Text

    label = {"sm2": "SM-2", "fsrs": "FSRS"}
    title = (f"SM-2 or FSRS, on your own log ({data['answers']} answers to {data['cards']} cards), "
             f"next {data['days']} days if every answer is Good; you use {label[data['scheduler']]}")
    table = Table(title=title, title_justify="left", show_edge=False)
    for col in ("scheduler", "reviews", "FSRS-predicted recall at review"):
        table.add_column(col, justify="right" if col != "scheduler" else "left")
    for name in schedulers.NAMES:
        r = data[name]
        recall = "—" if r["predicted_retention"] is None else f"{r['predicted_retention']:.1%}"
        table.add_row(label[name], str(r["reviews"]), recall)
    chart = Table(title="Reviews per day", title_justify="left", show_edge=False, box=None)
    chart.add_column("day")
    chart.add_column("SM-2", justify="right")
    chart.add_column("")
    chart.add_column("FSRS", justify="right")
    chart.add_column("")
    peak = max(max(data["sm2"]["per_day"], default=0), max(data["fsrs"]["per_day"], default=0)) or 1
    start = datetime.fromisoformat(data["today"]).date()
    for i, (a, b) in enumerate(zip(data["sm2"]["per_day"], data["fsrs"]["per_day"])):
        if a or b:
            chart.add_row((start + timedelta(days=i)).isoformat()[5:], str(a), Text("█" * round(20 * a / peak), "cyan"),
                          str(b), Text("█" * round(20 * b / peak), "magenta"))
    if not data["cards"]:
        return [table, Text("No answers logged yet: review some cards first.")]
    return [table, Text(""), chart]
