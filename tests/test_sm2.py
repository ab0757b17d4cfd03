import math
import random
from datetime import date, timedelta
from fractions import Fraction

import pytest

from studyxf.srs.sm2 import CardState, grade

DAY = date(2026, 1, 1)


def exact_model(grades):
    """SM-2 in Fractions: the contract, independently."""
    n, ef, interval = 0, Fraction(5, 2), 0
    for q in grades:
        if q >= 3:
            interval = 1 if n == 0 else 6 if n == 1 else math.ceil(interval * ef)
            n += 1
        else:
            n, interval = 0, 1
        ef = max(Fraction(13, 10), ef + Fraction(1, 10) - (5 - q) * (Fraction(8, 100) + (5 - q) * Fraction(2, 100)))
    return n, ef, interval


def run(grades):
    state = CardState()
    for q in grades:
        state = grade(state, q, DAY)
    return state


def test_hand_checked_vectors():
    s = grade(CardState(), 5, DAY)
    assert (s.repetitions, s.ef_milli, s.interval, s.due) == (1, 2600, 1, DAY + timedelta(days=1))
    s = grade(s, 4, DAY)
    assert (s.repetitions, s.ef_milli, s.interval) == (2, 2600, 6)
    s = grade(s, 3, DAY)  # ceil(6 * 2.6) = 16 with the EF before this grade
    assert (s.repetitions, s.ef_milli, s.interval) == (3, 2460, 16)
    s = grade(s, 2, DAY)
    assert (s.repetitions, s.ef_milli, s.interval) == (0, 2140, 1)
    s = grade(CardState(), 0, DAY)
    assert (s.repetitions, s.ef_milli, s.interval) == (0, 1700, 1)


def test_ef_floor():
    assert run([0, 0, 0, 0, 0]).ef_milli == 1300


def test_float_pitfall_360_times_2_9_is_1044():
    state = CardState(repetitions=5, ef_milli=2900, interval=360)
    assert 360 * 2.9000000000000004 > 1044  # the float trap the contract avoids
    assert grade(state, 5, DAY).interval == 1044


def test_late_review_uses_stored_interval():
    state = CardState(repetitions=2, ef_milli=2500, interval=6, due=DAY)
    later = grade(state, 4, DAY + timedelta(days=40))
    assert later.interval == 15 and later.due == DAY + timedelta(days=55)


@pytest.mark.parametrize("seed", range(300))
def test_matches_exact_fraction_model(seed):
    rng = random.Random(seed)
    grades = [rng.choice([0, 1, 2, 3, 3, 4, 4, 5, 5, 5]) for _ in range(rng.randint(1, 25))]
    n, ef, interval = exact_model(grades)
    s = run(grades)
    assert (s.repetitions, Fraction(s.ef_milli, 1000), s.interval) == (n, ef, interval)


def test_supermemo2_agrees_where_its_floats_are_exact():
    supermemo2 = pytest.importorskip("supermemo2")
    rng = random.Random(7)
    compared = 0
    for _ in range(300):
        grades = [rng.choice([3, 4, 5, 5, 2]) for _ in range(rng.randint(1, 8))]
        ours = run(grades)
        n, ef, interval = exact_model(grades)
        try:
            r = supermemo2.first_review(grades[0], "2026-01-01")
            for q in grades[1:]:
                r = supermemo2.review(q, r["easiness"], r["interval"], r["repetitions"], "2026-01-01")
        except Exception:
            pytest.skip("supermemo2's API differs from the one this oracle test knows")
        if abs(r["easiness"] - float(ef)) < 1e-9 and r["interval"] == interval:
            assert (r["repetitions"], r["interval"]) == (ours.repetitions, ours.interval)
            compared += 1
    assert compared > 10
