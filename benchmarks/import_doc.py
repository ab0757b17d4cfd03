"""How long `studyxf import` takes on 1 MiB documents, the plain and the pathological (issue 28: a
reading line with 32 ` &&` once took over 60 s; the target is under 2 s for any 1 MiB document).

For each document: the importer's parse in this process (median of RUNS), then the whole command
once (`python -m studyxf import FILE --out DIR`, a fresh data directory, start-up included), with a
limit so a regression ends as a failure line instead of a hang.

Run: python benchmarks/import_doc.py   (RUNS=5 for more samples)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = int(os.environ.get("RUNS", "3"))
MiB = 1024 * 1024
TARGET_S = 2.0
SEED = ROOT.parent / "shared" / "seeds" / "000_7bc0c68cc2475337.txt"


def _part(n: int, body: str) -> str:
    return f"Part {n}: Bench Part {n} — a part\n\n{body}\n"


def _fill(make, size: int = MiB) -> str:
    out, n = [], 0
    total = 0
    while total < size:
        n += 1
        chunk = make(n)
        out.append(chunk)
        total += len(chunk.encode())
    return "".join(out)


def documents() -> dict[str, str]:
    seed = SEED.read_text(encoding="utf-8") if SEED.exists() else ""
    body = seed.split("Part 1:", 1)[1].split("\n", 1)[1].split("\nPart 2:")[0] if "Part 1:" in seed else \
        "Why this session matters\n\nx\n"
    reading_head = "Why this session matters\n\nBench.\n\nReading material\n\nPapers:\n\n"
    docs = {
        "seed parts repeated": _fill(lambda n: _part(n, body)),
        "32 ' &&' reading lines": _fill(lambda n: _part(n, reading_head + "".join(
            f"• Attention {i} — Vaswani{' &&' * 32} x\n" for i in range(200)))),
        "one 1 MiB line": "Part 1: One line\n\nReading material\n\nPapers:\n\n• " + "Vaswani &&" * (MiB // 10) + "\n",
        "whitespace runs": _fill(lambda n: _part(n, "Videos\n\n" + "".join(
            f"• A{' ' * 1500}— B{' ' * 1500}x\n" for _ in range(20)))),
        "parentheses and digits": _fill(lambda n: _part(n, reading_head + "".join(
            f"• T{'(' * 300}{'1' * 300} — {'2' * 300}min\n" for _ in range(20)))),
        "numbered and part-like lines": _fill(lambda n: _part(n, "Deep dive\n\n" + "".join(
            f"{i}.{' ' * 500}x{' ' * 500}y\n\nPart 1{' ' * 800}\n\n" for i in range(20)))),
        "dashes and dots": _fill(lambda n: _part(n, "Videos\n\n" + "".join(
            f"• {'a — ' * 200}{'b · ' * 200}26 min x\n" for _ in range(20)))),
        "many checklist items": _fill(lambda n: _part(n, "Deep dive\n\n1. Section\n\n" + "".join(
            f"attention softmax scaling query key value paragraph number {i} of the deep dive text\n\n"
            for i in range(300)) + "Post-session checklist\n\n" + "".join(
            f"• attention softmax scaling item {i}\n" for i in range(300)))),
    }
    return docs


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from studyxf.content import importer

    worst = 0.0
    print(f"{'document':<32} {'bytes':>9} {'parse s':>8} {'command s':>9}  result")
    for name, text in documents().items():
        times = []
        for _ in range(RUNS):
            t = time.perf_counter()
            try:
                importer.parse(text, "bench.txt")
            except importer.ImportError_:
                pass
            times.append(time.perf_counter() - t)
        parse_s = statistics.median(times)
        with tempfile.TemporaryDirectory() as tmp:
            doc = Path(tmp) / "doc.txt"
            doc.write_text(text, encoding="utf-8")
            env = dict(os.environ, STUDYXF_HOME=str(Path(tmp) / "home"), STUDYXF_NOW="2026-11-29T20:00:00",
                       PYTHONPATH=str(ROOT))
            env.pop("STUDYXF_SESSIONS", None)
            t = time.perf_counter()
            try:
                res = subprocess.run([sys.executable, "-m", "studyxf", "import", str(doc), "--out",
                                      str(Path(tmp) / "out")], capture_output=True, text=True, env=env, timeout=60)
                cmd_s = time.perf_counter() - t
                last = (res.stdout.strip().splitlines() or res.stderr.strip().splitlines() or [""])[-1]
                result = f"exit {res.returncode}: {last[:70]}"
                if "Traceback" in res.stderr:
                    result = "TRACEBACK " + result
            except subprocess.TimeoutExpired:
                cmd_s, result = 60.0, "TIMED OUT after 60 s"
        worst = max(worst, parse_s, cmd_s)
        print(f"{name:<32} {len(text.encode()):>9,} {parse_s:>8.3f} {cmd_s:>9.3f}  {result}")
    print(f"worst {worst:.2f} s; target under {TARGET_S} s: {'ok' if worst < TARGET_S else 'MISSED'}")
    return 0 if worst < TARGET_S else 1


if __name__ == "__main__":
    raise SystemExit(main())
