"""The stats as pictures, drawn with Rich in plain Unicode so that one drawing serves the app's
stats screen, `studyxf stats` in a terminal and the browser (`serve`), and fits 80x24: the 30-day
forecast as bars, a year of reviews as squares (GitHub's heatmap), retention and answer time as
lines over the last weeks. Each picture says its scale in words, so it reads without colour;
`numbers=True` adds the figures under it. `compact()` is the one-line form of each for --plain
and pipes.

Drawn here rather than with plotext (textual-plotext): plotext has no calendar heatmap, its axes
cost rows that four charts at 80x24 do not have, and its widget lives in Textual, where `studyxf
stats` outside the app (and domain code) cannot use it."""

from __future__ import annotations

from datetime import date, timedelta

from rich.console import Group
from rich.text import Text

EIGHTHS = " ▁▂▃▄▅▆▇█"
SHADES = "·░▒▓█"  # no reviews, then four levels of a day's reviews, told apart without colour
HEAT = ("grey35", "green4", "green3", "green1", "bright_green")
WEEKS = 12  # the retention and answer-time lines: one point a week


def trends(conn, today: date, per_day: list[tuple]) -> dict:
    """Retention and answer time per week over the last WEEKS weeks (oldest first), from the
    per-day counts and the log's last weeks only (read from the first folded id of that range, never
    the whole log). None where a week had no graded answer."""
    start = today - timedelta(days=7 * WEEKS - 1)
    graded = [0] * WEEKS
    recalled = [0] * WEEKS
    for day, _, g, r, _ in per_day:
        d = date.fromisoformat(day)
        if d >= start:
            week = (d - start).days // 7
            graded[week] += g
            recalled[week] += r
    first = conn.execute("SELECT MIN(first_id) FROM review_days WHERE day >= ?", (start.isoformat(),)).fetchone()[0]
    seconds: list[list[float]] = [[] for _ in range(WEEKS)]
    for day, s in conn.execute("SELECT day, seconds FROM reviews NOT INDEXED WHERE id >= COALESCE(?, "
                               "(SELECT upto FROM review_days_upto) + 1) AND day >= ? AND practice = 0 "
                               "AND seconds IS NOT NULL", (first, start.isoformat())):
        seconds[(date.fromisoformat(day) - start).days // 7].append(s)

    def median(xs: list[float]) -> float | None:
        xs = sorted(xs)
        return None if not xs else (xs[len(xs) // 2] + xs[(len(xs) - 1) // 2]) / 2

    return {"start": start.isoformat(),
            "retention": [round(r / g, 4) if g else None for g, r in zip(graded, recalled)],
            "seconds": [None if m is None else round(m, 1) for m in map(median, seconds)]}


def _level(n: int, peak: int) -> int:
    """0 for no reviews, 1-4 by quarters of the busiest day."""
    return 0 if n <= 0 else min(4, 1 + (4 * (n - 1)) // max(peak, 1))


def forecast_chart(forecast: list[int], height: int = 3, numbers: bool = False) -> Group:
    """Vertical bars, two columns a day, with the busiest day's count as the scale."""
    peak = max(forecast, default=0)
    total = sum(forecast)
    title = Text(f"Forecast: {total} review(s) due over the next {len(forecast)} days", style="bold")
    if not peak:
        return Group(title, Text("  nothing scheduled yet", style="dim"))
    rows = []
    for row in range(height, 0, -1):
        line = Text()
        line.append(f"{peak if row == height else '':>4} ", style="dim")
        for n in forecast:
            eighths = round(8 * height * n / peak)
            level = min(8, max(0, eighths - 8 * (row - 1)))
            line.append(EIGHTHS[level] * 2, style="cyan")
        rows.append(line)
    axis = Text("     ", style="dim")
    marks = {0: "today", 7: "+7", 14: "+14", 21: "+21", 28: "+28"}
    col = 0
    for i in range(len(forecast)):
        if i in marks and col <= 2 * i:
            axis.append(" " * (2 * i - col) + marks[i], style="dim")
            col = 2 * i + len(marks[i])
    rows.append(axis)
    if numbers:
        rows.append(Text("     " + "".join(f"{n:>2}" for n in forecast), style="dim"))  # under its bar
    return Group(title, *rows)


def year_heatmap(per_day: dict[str, int], today: date, numbers: bool = False, weeks: int = 53) -> Group:
    """A year of reviews as squares, a column a week (Monday on top), as GitHub draws a year."""
    end = today + timedelta(days=6 - today.weekday())  # the Sunday closing this week
    start = end - timedelta(days=7 * weeks - 1)
    counts = [per_day.get((start + timedelta(days=i)).isoformat(), 0) for i in range(7 * weeks)]
    peak = max(counts, default=0)
    days_with = sum(1 for n in counts if n)
    title = Text()
    title.append(f"Reviews per day, last year: {sum(counts)} on {days_with} day(s)"
                 + (f", busiest {peak}" if peak else ""), style="bold")
    months = Text("    ")
    last = None
    col = 0
    for w in range(weeks):
        first = start + timedelta(days=7 * w)
        if first.month != last and col <= w:
            label = f"{first:%b}"
            if w + len(label) <= weeks:
                months.append(" " * (w - col) + label, style="dim")
                col = w + len(label)
            last = first.month
    rows = [months]
    for wd, name in enumerate(("Mon", "", "Wed", "", "Fri", "", "Sun")):
        line = Text()
        line.append(f"{name:<4}", style="dim")
        for w in range(weeks):
            day = start + timedelta(days=7 * w + wd)
            if day > today:
                line.append(" ")
                continue
            level = _level(counts[7 * w + wd], peak)
            line.append(SHADES[level], style=HEAT[level])
        rows.append(line)
    # the legend on the title's line: a row saved for 80x24
    title.append("   less ", style="dim")
    for level in range(5):
        title.append(SHADES[level], style=HEAT[level])
    title.append(" more", style="dim")
    if numbers:
        recent = [(start + timedelta(days=i), n) for i, n in enumerate(counts) if n][-14:]
        rows.append(Text("    " + ", ".join(f"{d:%d %b} {n}" for d, n in recent) if recent else "    none", style="dim"))
    return Group(title, *rows)


def line_chart(title: str, values: list[float | None], fmt, height: int = 3, numbers: bool = False,
               width: int = 60) -> Group:
    """A line over the weeks, drawn with braille dots (2x4 per cell) so a rise or fall reads as one;
    weeks without data are gaps. The scale (lowest, highest) is said at the left."""
    known = [v for v in values if v is not None]
    if not known:
        return Group(Text(title, style="bold"), Text("  no answers in these weeks yet", style="dim"))
    lo, hi = min(known), max(known)
    span = (hi - lo) or 1.0
    cols = width // 2  # each week spreads over this many dot columns
    per = max(1, (2 * cols) // max(len(values), 1))
    dots_h = 4 * height
    points: dict[int, int] = {}
    prev = None
    for i, v in enumerate(values):
        if v is None:
            prev = None
            continue
        y = round((v - lo) / span * (dots_h - 1)) if hi != lo else dots_h // 2
        for k in range(per):
            x = i * per + k
            yy = y if prev is None else round(prev + (y - prev) * (k + 1) / per)
            points[x] = yy
        prev = y
    cells = [[0] * (len(values) * per // 2 + 1) for _ in range(height)]
    bit = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (1, 0): 0x08, (1, 1): 0x10, (1, 2): 0x20, (0, 3): 0x40, (1, 3): 0x80}
    for x, y in points.items():
        row_from_top = (dots_h - 1 - y)
        cells[row_from_top // 4][x // 2] |= bit[(x % 2, row_from_top % 4)]
    label_w = max(len(fmt(hi)), len(fmt(lo))) + 1
    rows = []
    for r in range(height):
        label = fmt(hi) if r == 0 else fmt(lo) if r == height - 1 and fmt(lo) != fmt(hi) else ""
        line = Text()
        line.append(f"{label:>{label_w}} ", style="dim")
        line.append("".join(chr(0x2800 + c) if c else " " for c in cells[r]), style="magenta")
        rows.append(line)
    last = next(v for v in reversed(values) if v is not None)
    head = Text(f"{title}: now {fmt(last)}", style="bold")
    if numbers:
        rows.append(Text(" " * (label_w + 1) + " ".join("-" if v is None else fmt(v) for v in values), style="dim"))
    return Group(head, *rows)


def sparkline(values: list[float | None], counts: bool = False) -> str:
    """One character per value, ▁ to █ between the lowest and the highest; a space where there is none.
    `counts`: scaled from zero, and a zero is · (nothing), not the lowest bar."""
    known = [v for v in values if v is not None]
    if not known:
        return ""
    if counts:
        hi = max(known) or 1
        return "".join("·" if not v else EIGHTHS[max(1, round(8 * v / hi))] for v in values)
    lo, hi = min(known), max(known)
    return "".join(" " if v is None else EIGHTHS[1 + round(7 * (v - lo) / (hi - lo))] if hi != lo else EIGHTHS[4]
                   for v in values)


def percent(v: float) -> str:
    return f"{v:.0%}"


def secs(v: float) -> str:
    return f"{v:.0f}s" if v >= 10 else f"{v:.1f}s"


def pictures(data: dict, trend: dict, numbers: bool = False) -> list:
    """The four charts, for a terminal (the app, or `studyxf stats` on a tty)."""
    today = date.fromisoformat(data["today"])
    per_day = {r["day"]: r["reviews"] for r in data["reviews_per_day"]}
    return [forecast_chart([f["due"] for f in data["forecast"]], numbers=numbers),
            year_heatmap(per_day, today, numbers=numbers),
            line_chart(f"Retention by week, last {WEEKS} weeks", trend["retention"], percent, height=2,
                       numbers=numbers),
            line_chart(f"Answer time by week (median), last {WEEKS} weeks", trend["seconds"], secs, height=2,
                       numbers=numbers)]


def compact(data: dict, trend: dict) -> list[str]:
    """Each chart as one line of Unicode bars, for --plain and pipes (no colour, no layout)."""
    forecast = [f["due"] for f in data["forecast"]]
    today = date.fromisoformat(data["today"])
    per_day = {r["day"]: r["reviews"] for r in data["reviews_per_day"]}
    last = [per_day.get((today - timedelta(days=i)).isoformat(), 0) for i in range(7 * WEEKS - 1, -1, -1)]
    weekly = [sum(last[7 * w:7 * w + 7]) for w in range(WEEKS)]
    out = [f"Forecast, next {len(forecast)} days: {sparkline(forecast, counts=True) if any(forecast) else '(none)'}  "
           f"total {sum(forecast)}, busiest {max(forecast, default=0)} a day",
           f"Reviews per week, last {WEEKS} weeks: {sparkline(weekly, counts=True) if any(weekly) else '(none)'}  "
           f"total {sum(weekly)}, this week {weekly[-1]}"]
    for name, values, fmt in (("Retention", trend["retention"], percent), ("Answer time (median)", trend["seconds"], secs)):
        known = [v for v in values if v is not None]
        out.append(f"{name} by week, last {WEEKS} weeks: "
                   + (f"{sparkline(values)}  {fmt(known[0])} -> {fmt(known[-1])}" if known else "(no answers yet)"))
    return out
