"""FSRS-6's step for a card in the Review state, written out from the `fsrs` package's parameters: the
expressions of the package's own formulas (fsrs 6.x, Scheduler._short_term_stability, _next_stability,
_next_difficulty, _next_interval and get_card_retrievability), in the same order, so that the floats
are the package's bit for bit (tests/test_fsrs.py compares every grade with review_card).

Written here rather than called: an answer under FSRS spent 12-20 us in the package's methods
(keyword calls, the Rating enum, constants recomputed per call) against 4-7 us for SM-2's whole step,
most of what kept it behind Anki's answer (benchmarks/srs.py, issue 30).
"""

from __future__ import annotations

import math

PARAMETERS = 21  # FSRS-6's weights: another length is another model, left to the package


def review_step(scheduler):
    """step(stability, difficulty, days, rating) -> (stability, difficulty, interval in days) for the
    package's `scheduler` (its parameters, desired retention and maximum interval), where `days` is
    the whole days since the last review and `rating` 1-4; None when the parameters are not FSRS-6's."""
    from fsrs.scheduler import MAX_DIFFICULTY, MIN_DIFFICULTY, STABILITY_MIN

    p = tuple(scheduler.parameters)
    if len(p) != PARAMETERS:
        return None
    e = math.e
    decay = -p[20]
    factor = 0.9 ** (1 / decay) - 1
    # the parts of each formula that do not depend on the card, computed as the package computes them
    e_p8 = e ** p[8]
    forget_short = e ** (p[17] * p[18])
    easy_difficulty = p[4] - (e ** (p[5] * (4 - 1))) + 1  # _initial_difficulty(Easy), unclamped
    keep = 1 - p[7]
    interval_scale = (scheduler.desired_retention ** (1 / decay)) - 1
    maximum = scheduler.maximum_interval
    p6, p7, p9, p10, p11, p12, p13, p14 = p[6], p[7], p[9], p[10], p[11], p[12], p[13], p[14]
    p15, p16, p17, p18, p19 = p[15], p[16], p[17], p[18], p[19]

    def step(stability: float, difficulty: float, days: float, rating: int) -> tuple[float, float, int]:
        if days < 1:  # a second review the same day: short-term stability
            increase = (e ** (p17 * (rating - 3 + p18))) * (stability ** -p19)
            if rating != 1:
                increase = max(increase, 1.0)
            stability = max(stability * increase, STABILITY_MIN)
        else:
            recall = (1 + factor * days / stability) ** decay
            if rating == 1:
                stability = min(p11 * (difficulty ** -p12) * (((stability + 1) ** p13) - 1)
                                * (e ** ((1 - recall) * p14)),
                                stability / forget_short)
            else:
                stability = stability * (1 + e_p8 * (11 - difficulty) * (stability ** -p9)
                                         * ((e ** ((1 - recall) * p10)) - 1)
                                         * (p15 if rating == 2 else 1) * (p16 if rating == 4 else 1))
            stability = max(stability, STABILITY_MIN)
        delta = -(p6 * (rating - 3))
        difficulty = p7 * easy_difficulty + keep * (difficulty + (10.0 - difficulty) * delta / 9.0)
        difficulty = min(max(difficulty, MIN_DIFFICULTY), MAX_DIFFICULTY)
        interval = min(max(round((stability / factor) * interval_scale), 1), maximum)
        return stability, difficulty, interval

    return step
