"""How long `studyxf sync` takes (issue 29): a year of another machine's history (100k reviews,
~274 a day, each card asked when SM-2 has it due) into a fresh data directory (anchor: 10 s), then an everyday sync (a few
hundred events in, a few hundred out; anchor: 0.5 s). Each is the whole command as a learner runs
it (interpreter start included), timed from outside; a sync with nothing to do is shown beside it.

    python benchmarks/sync.py [--reviews 100000] [--scheduler sm2|fsrs]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = "0123456789abcdef"


def cli(home: Path, day: date, *args: str) -> tuple[str, str]:
    """Run studyxf; returns ('wall s (CPU s)', its output): the CPU time tells a loaded machine apart."""
    env = dict(os.environ, STUDYXF_HOME=str(home), STUDYXF_NOW=f"{day.isoformat()}T21:00:00", PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "studyxf", *args], env=env, capture_output=True, text=True,
                       cwd=str(ROOT))
    took = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if r.returncode:
        raise SystemExit(f"studyxf {' '.join(args)} failed: {r.stderr}")
    return took, cpu, r.stdout.strip()


def reviews(n: int, start: date, seq0: int, rng: random.Random, scale: str, due: dict | None = None,
            per_day: int = 274) -> tuple[list[str], dict]:
    """n review events of device SOURCE, `per_day` a day from `start`: each day the cards due (by SM-2,
    as studyxf would ask them), then new cards; returns the lines and the cards' schedules."""
    from studyxf.srs import sm2

    due = {} if due is None else due
    lines, day, i = [], start, 0
    while i < n:
        today = sorted((d.due, c) for c, d in due.items() if d.due is not None and d.due <= day)[:per_day]
        chosen = [c for _, c in today]
        while len(chosen) < per_day:
            chosen.append(f"bench-{len(due) // 100}/card-{len(due)}")
            due[chosen[-1]] = sm2.CardState()
        for k, card in enumerate(chosen):
            if i >= n:
                break
            q = rng.choice((3, 4, 4, 4, 5, 5, 2))
            due[card] = sm2.grade(due[card], q, day)
            grade = q if scale == "sm2" else {2: 1, 3: 2, 4: 3, 5: 4}[q]
            at = datetime(day.year, day.month, day.day, 19, 0, tzinfo=timezone.utc) + timedelta(seconds=k * 7)
            lines.append(json.dumps({"id": f"{SOURCE}:{seq0 + i}", "at": at.isoformat(timespec="microseconds"),
                                     "kind": "review", "card": card, "grade": grade, "scale": scale,
                                     "day": day.isoformat(), "typed": None, "seconds": 6.5, "practice": False,
                                     "fuzz": 0}, separators=(",", ":")))
            i += 1
        day += timedelta(days=1)
    return lines, due


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reviews", type=int, default=100_000)
    ap.add_argument("--everyday", type=int, default=300)
    ap.add_argument("--scheduler", default="sm2", choices=("sm2", "fsrs"))
    ap.add_argument("--only-build", metavar="DIR", help="Build the fresh machine and the year's files in DIR, sync nothing.")
    args = ap.parse_args()
    os.environ["STUDYXF_SCHEDULER"] = args.scheduler
    rng = random.Random(29)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = args.only_build or tmp
        home, folder = Path(tmp) / "fresh", Path(tmp) / "Sync"
        start = date(2025, 11, 1)
        after = start + timedelta(days=args.reviews // 274 + 1)
        cli(home, after, "cards")  # a fresh machine
        year, schedules = reviews(args.reviews, start, 1, rng, args.scheduler)
        cards = sorted(schedules)
        conn = sqlite3.connect(home / "studyxf.sqlite3")
        with conn:  # the other machine's cards (a curriculum of this size) on this one too
            conn.executemany("INSERT INTO cards (id, session_id, position, kind, added_day) VALUES (?,?,?,?,?)",
                             [(c, c.split("/")[0], 900000 + i, "text", start.isoformat()) for i, c in enumerate(cards)])
        conn.close()
        source = folder / SOURCE
        source.mkdir(parents=True)
        (source / "1.jsonl").write_text("\n".join(year) + "\n")
        size = (source / "1.jsonl").stat().st_size
        if args.only_build:
            return

        idle, idle_cpu, _ = cli(home, after, "sync", str(folder / "empty"))
        took, cpu, out = cli(home, after, "sync", str(folder))
        print(f"year into a fresh machine: {args.reviews} reviews ({size / 1e6:.1f} MB), {len(cards)} cards, "
              f"{args.scheduler}: {took:.2f} s wall, {cpu:.2f} s CPU  (anchor 10 s: {took / 10:.2f}x)   [{out}]")

        # an everyday sync: the other machine's evening in, this machine's evening out
        day = after + timedelta(days=1)
        evening, _ = reviews(args.everyday, day, args.reviews + 1, rng, args.scheduler, schedules, args.everyday)
        (source / "2.jsonl").write_text("\n".join(evening) + "\n")
        ours = int(args.everyday)
        keys = ("3\n" if args.scheduler == "fsrs" else "4\n") * ours + "q\n"
        env = dict(os.environ, STUDYXF_HOME=str(home), STUDYXF_NOW=f"{day.isoformat()}T20:00:00",
                   PYTHONPATH=str(ROOT))
        subprocess.run([sys.executable, "-m", "studyxf", "review", "--plain"], input=keys, text=True, env=env,
                       capture_output=True, check=True, cwd=str(ROOT))
        took, cpu, out = cli(home, day, "sync", str(folder))
        nothing, nothing_cpu, _ = cli(home, day, "sync", str(folder))
        print(f"everyday sync: {took:.2f} s wall, {cpu:.2f} s CPU  (anchor 0.5 s: {took / 0.5:.2f}x)   [{out}]")
        print(f"a sync with nothing to do: {nothing:.2f} s ({nothing_cpu:.2f} s CPU); the first, with an empty "
              f"folder: {idle:.2f} s ({idle_cpu:.2f} s CPU): interpreter, curriculum and database, the floor of "
              f"any command")


if __name__ == "__main__":
    main()
