"""The tests marked slow (`pytest -m "not slow"` leaves them out: the quick loop stays under three
minutes on two cores; CI runs them all): those that took 1.0 s or more in a run of the whole suite
with a second copy beside it, kept in tests/slow.txt. The suite marks them from there (conftest).

Measure again after adding slow tests:
    python -m pytest -o addopts="" -q --durations=0 > /tmp/durations.log; python -m tests.slow /tmp/durations.log"""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path

LIST = Path(__file__).parent / "slow.txt"
THRESHOLD_S = 1.0


def ids() -> set[str]:
    return {line.strip() for line in LIST.read_text().splitlines() if line.strip() and not line.startswith("#")} \
        if LIST.exists() else set()


def from_durations(log: str) -> list[str]:
    """The tests whose setup, call and teardown together took THRESHOLD_S or more in `log`."""
    spent: collections.Counter = collections.Counter()
    for line in log.splitlines():
        m = re.match(r"([\d.]+)s (?:call|setup|teardown)\s+(\S+)", line)
        if m:
            spent[m.group(2)] += float(m.group(1))
    return sorted(test for test, seconds in spent.items() if seconds >= THRESHOLD_S)


if __name__ == "__main__":
    found = from_durations(Path(sys.argv[1]).read_text())
    LIST.write_text(f"# {len(found)} tests of {THRESHOLD_S} s or more (python -m tests.slow DURATIONS_LOG)\n"
                    + "\n".join(found) + "\n")
    print(f"wrote {LIST}: {len(found)} tests")
