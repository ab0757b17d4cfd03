"""The tests marked slow (`pytest -m "not slow"` leaves them out: the quick loop stays under three
minutes on two cores; CI runs them all): those that took 1.0 s or more in a run of the whole suite,
kept in tests/slow.txt with their seconds. The suite marks them from there, and starts the longest
first (conftest): two workers given the longest tests first end together, where a grading of 500
files handed out late ran on after the rest of the suite (longest-processing-time-first scheduling).

Measure again after adding slow tests:
    python -m pytest -o addopts="-n 2" -q --durations=0 > /tmp/durations.log; python -m tests.slow /tmp/durations.log"""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path

LIST = Path(__file__).parent / "slow.txt"
THRESHOLD_S = 1.0


def seconds() -> dict[str, float]:
    """Each slow test's id and the seconds it took (a line of slow.txt: "SECONDS ID")."""
    if not LIST.exists():
        return {}
    return {test: float(took) for line in LIST.read_text().splitlines() if line.strip() and not line.startswith("#")
            for took, _, test in [line.strip().partition(" ")]}


def from_durations(log: str) -> dict[str, float]:
    """The tests whose setup, call and teardown together took THRESHOLD_S or more in `log`, with their seconds."""
    spent: collections.Counter = collections.Counter()
    for line in log.splitlines():
        m = re.match(r"([\d.]+)s (?:call|setup|teardown)\s+(\S+)", line)
        if m:
            spent[m.group(2)] += float(m.group(1))
    return {test: s for test, s in sorted(spent.items()) if s >= THRESHOLD_S}


if __name__ == "__main__":
    found = from_durations(Path(sys.argv[1]).read_text())
    LIST.write_text(f"# {len(found)} tests of {THRESHOLD_S} s or more, with their seconds (python -m tests.slow "
                    "DURATIONS_LOG)\n" + "".join(f"{s:.1f} {test}\n" for test, s in found.items()))
    print(f"wrote {LIST}: {len(found)} tests")
