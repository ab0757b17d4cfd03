"""The stats as pictures: a forecast of bars, a year of squares, lines of retention and answer
time; one line of Unicode bars each in --plain; --json as it was; 80x24 in a terminal."""

import asyncio
import io
import json

from studyxf.study import open_study


def _review_days(cli, days):
    for day in days:
        cli("review", "--plain", input="\n4\n\n5\n\n2\nq\n", env={"STUDYXF_NOW": f"{day}T20:00"})


def _render(items, width=80) -> list[str]:
    from rich.console import Console

    console = Console(file=io.StringIO(), width=width, color_system=None, legacy_windows=False)
    for item in items:
        console.print(item)
    return console.file.getvalue().splitlines()


def test_the_pictures_fit_80x24_and_read_without_colour(home, cli):
    _review_days(cli, ["2026-11-20", "2026-11-23", "2026-11-27"])
    from studyxf.srs import stats

    study = open_study()
    study.enter_today()
    data, trend = stats.compute(study), stats.trend(study)
    lines = _render(stats.renderables(data, trend))
    assert len(lines) <= 23 and max(map(len, lines)) <= 80, lines  # a prompt's line left at 80x24
    text = "\n".join(lines)
    assert "Forecast:" in text and "today" in text and "+28" in text
    assert any(set(line[5:].strip()) & set("▁▂▃▄▅▆▇█") for line in lines[3:6])  # bars, not a table of rows
    heat = [line for line in lines if line.startswith(("Mon ", "Wed ", "Fri ", "Sun "))]
    assert len(heat) == 4 and all(len(line) == 4 + 53 or len(line.rstrip()) <= 4 + 53 for line in heat)
    assert sum(line.count("█") + line.count("▓") + line.count("▒") + line.count("░") for line in lines
               if line[:4] in ("Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun ", "    ")) >= 3
    assert "Retention by week" in text and "Answer time by week" in text
    assert any(any(0x2800 < ord(c) <= 0x28FF for c in line) for line in lines)  # the lines are drawn
    numbered = "\n".join(_render(stats.renderables(data, trend, numbers=True)))
    assert "Nov" in numbered and len(numbered) > len(text)


def test_stats_plain_is_one_line_of_bars_each_and_json_is_unchanged(home, cli):
    _review_days(cli, ["2026-11-27", "2026-11-28"])
    out = cli("stats").stdout.splitlines()  # not a terminal: the plain form
    assert out == cli("stats", "--plain").stdout.splitlines()
    forecast = next(line for line in out if line.startswith("Forecast, next 30 days: "))
    assert set(forecast.split(": ", 1)[1].split("  ")[0]) <= set("·▁▂▃▄▅▆▇█") and "total " in forecast
    assert any(line.startswith("Reviews per week, last 12 weeks: ") for line in out)
    assert any(line.startswith("Retention by week") and "%" in line for line in out)
    data = json.loads(cli("stats", "--json").stdout)
    assert set(data) == {"today", "sessions", "cards", "reviews_per_day", "forecast", "retention", "scheduler",
                         "streak", "backlog", "drills", "slips"}  # slips: the mistake cards' (issue 47)
    assert len(data["forecast"]) == 30 and data["reviews_per_day"][-1] == {"day": "2026-11-28", "reviews": 3}


def test_the_stats_screen_shows_the_pictures_and_n_adds_the_numbers(home, cli):
    _review_days(cli, ["2026-11-27", "2026-11-28"])
    from studyxf.tui.app import StudyApp

    study = open_study()
    app = StudyApp(study, session_id=study.enter_today().id)

    async def go():
        async with app.run_test(size=(80, 24)) as pilot:
            await app.screen.ready.wait()
            await pilot.press("s")
            await pilot.pause()
            shown = app.screen.query_one("#stats")
            before = "\n".join(_render([shown.content]))
            assert "Reviews per day, last year" in before and "Mon" in before and "less" in before
            await pilot.press("n")
            await pilot.pause()
            after = "\n".join(_render([shown.content]))
            assert len(after) > len(before) and "28 Nov 3" in after

    asyncio.run(go())
