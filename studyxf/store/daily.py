"""`python -m studyxf.store.daily DAY`: the day's backup, made by a process of its own so that no
command waits for it (db.daily_backup starts it for a large database; issue 30)."""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> int:
    try:
        os.nice(10)  # the learner's commands first
    except OSError:
        pass
    from studyxf.store import db

    return db.run_daily(argv[0])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
