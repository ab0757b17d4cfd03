"""SuperMemo SM-2 (Wozniak 1990) in exact integer arithmetic, as DESIGN.md's contract states.

EF is kept in integer thousandths (as Anki does): a float EF turns ceil(360 * 2.9000000000000004)
into 1045 where the exact answer is 1044.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

EF_START_MILLI = 2500
EF_FLOOR_MILLI = 1300


@dataclass(frozen=True)
class CardState:
    repetitions: int = 0
    ef_milli: int = EF_START_MILLI
    interval: int = 0  # days; 0 until the first answer
    due: date | None = None


def ef_delta_milli(q: int) -> int:
    """EF += 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02), in thousandths (exact for q in 0..5)."""
    miss = 5 - q
    return 100 - miss * (80 + miss * 20)


def grade(state: CardState, q: int, day: date, fuzz_days: int = 0) -> CardState:
    """The state after an answer of quality q (0..5) on study day `day`."""
    if not 0 <= q <= 5:
        raise ValueError(f"quality must be 0..5, got {q}")
    if q >= 3:
        if state.repetitions == 0:
            interval = 1
        elif state.repetitions == 1:
            interval = 6
        else:  # ceil(I * EF) with the EF before this grade, from the stored interval
            interval = (state.interval * state.ef_milli + 999) // 1000
        repetitions = state.repetitions + 1
    else:
        repetitions, interval = 0, 1
    ef = max(EF_FLOOR_MILLI, state.ef_milli + ef_delta_milli(q))
    interval_used = max(1, interval + fuzz_days)
    return CardState(repetitions, ef, interval, day + timedelta(days=interval_used))


def fuzz_days(interval: int, rand) -> int:
    """Optional spread, off by default: about ±5% of longer intervals, as Anki's fuzz does,
    so cards that entered together do not stay bunched. `rand` is a random.Random."""
    if interval < 3:
        return 0
    spread = max(1, round(interval * 0.05))
    return rand.randint(-spread, spread)
