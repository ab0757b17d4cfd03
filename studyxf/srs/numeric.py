"""Numeric cards: the engine's calculators give the answer; a typed number is graded against it."""

from __future__ import annotations

import re

UNITS = {
    "": 1, "b": 1, "bytes": 1,
    "k": 1e3, "m": 1e6, "g": 1e9, "t": 1e12,
    "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
    "kib": 2 ** 10, "mib": 2 ** 20, "gib": 2 ** 30, "tib": 2 ** 40,
    "flop": 1, "kflop": 1e3, "mflop": 1e6, "gflop": 1e9, "tflop": 1e12, "pflop": 1e15,
    # spelled out (a trailing s is dropped before the lookup)
    "byte": 1, "kilobyte": 1e3, "megabyte": 1e6, "gigabyte": 1e9, "terabyte": 1e12,
    "kibibyte": 2 ** 10, "mebibyte": 2 ** 20, "gibibyte": 2 ** 30, "tebibyte": 2 ** 40,
    "kiloflop": 1e3, "megaflop": 1e6, "gigaflop": 1e9, "teraflop": 1e12, "petaflop": 1e15,
}
_NUMBER = re.compile(r"^\s*([-+]?(?:\d[\d_,]*\.?\d*|\.\d+)(?:e[-+]?\d+)?)\s*([a-z]*)\s*$", re.I)
_THOUSANDS = re.compile(r"^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d*)?(?:e[-+]?\d+)?$", re.I)
_DECIMAL_COMMA = re.compile(r"^[-+]?\d+,\d+(?:e[-+]?\d+)?$", re.I)


def unit_factor(unit: str) -> float:
    key = unit.strip().lower()
    if key not in UNITS and key.endswith("s") and key[:-1] in UNITS:
        key = key[:-1]  # TFLOPs, flops, GBs
    try:
        return UNITS[key]
    except KeyError:
        raise ValueError(f"unknown unit {unit!r}") from None


def _number(text: str) -> float:
    """'1,073,741,824' (thousands), '1,25' (a decimal comma), '1_000', '8.8', '8.8e12'."""
    if "," in text:
        if _THOUSANDS.match(text):
            text = text.replace(",", "")
        elif _DECIMAL_COMMA.match(text):
            text = text.replace(",", ".")
        else:
            raise ValueError(f"not a number: {text!r}")
    return float(text.replace("_", ""))


def expected(calc: dict) -> float:
    """The engine's figure for a card's `calc` spec, expressed in the card's unit."""
    from engine import calc as engine_calc
    from engine.config import named

    args = dict(calc.get("args") or {})
    name = calc["name"]
    if name == "kv-cache":
        result = engine_calc.kv_cache(named(args.pop("model")), **args)
    elif name == "params":
        result = engine_calc.params(named(args.pop("model")))
    elif name == "attention":
        result = engine_calc.attention(**args)
    else:
        raise ValueError(f"unknown calculator {name!r}")
    value = result
    for part in calc["field"].split("."):
        value = value[part]
    return value / unit_factor(calc.get("unit", ""))


def parse(typed: str, unit: str = "") -> float:
    """A typed number, optionally with its own unit ('1.25', '1.25 GiB', '1342177280 B')."""
    match = _NUMBER.match(typed)
    if not match:
        raise ValueError(f"not a number: {typed!r}")
    value = _number(match.group(1))
    if match.group(2):
        value = value * unit_factor(match.group(2)) / unit_factor(unit)
    return value


CLOSE = 5  # a wrong answer within 5x the tolerance is "nearly there"


def relative_error(got: float, want: float) -> float:
    return abs(got - want) / abs(want) if want else abs(got)


def quality(typed: str, calc: dict) -> tuple[int | None, float, float | None]:
    """SM-2 quality for a typed answer: 5 within tolerance (right); outside it the answer is wrong,
    so a failing grade: 2 (wrong, but nearly there) within 5x the tolerance, else 1. None for text
    that is not a number (a typo is asked again, never graded)."""
    want = expected(calc)
    try:
        got = parse(typed, calc.get("unit", ""))
    except ValueError:
        return None, want, None
    tol = calc.get("tolerance", 0.01)
    rel = relative_error(got, want)
    if rel <= tol:
        return 5, want, got
    if rel <= CLOSE * tol:
        return 2, want, got
    return 1, want, got


def verdict(got: float, want: float, calc: dict) -> str:
    """The typed answer judged in words, agreeing with quality()'s grade."""
    tol = calc.get("tolerance", 0.01)
    rel = relative_error(got, want)
    if rel <= tol:
        return f"relative error {rel:.2%}: right (within {tol:.0%})"
    close = ", but close" if rel <= CLOSE * tol else ""
    return f"relative error {rel:.2%}: wrong{close} (right is within {tol:.0%})"
