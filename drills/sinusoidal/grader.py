"""The sinusoidal encoding drill's cases and slips (loaded by the grading worker from this folder)."""

import math

import torch

from engine.positional import sinusoidal
from studyxf.grading.judge.case import F64, Case
from studyxf.grading.judge.probes import sinusoidal_turns
from studyxf.grading.judge.steps import Step

SLIPS = ["sinusoidal-concat", "sinusoidal-exponent", "sinusoidal-sin-cos-swapped", "sinusoidal-exponent:odd",
         "sinusoidal-multiplies", "sinusoidal-exponent:double", "sinusoidal-exponent:column", "sinusoidal-exponent:floor",
         "sinusoidal-exponent:log10", "sinusoidal-sin-only",
         "sinusoidal-positions-from-1"]
PROBES = [sinusoidal_turns()]



def _table(e):
    pe = torch.zeros(e["T"], e["d"], dtype=F64)
    pe[:, 0::2] = e["sines"]
    pe[:, 1::2] = e["cosines"][:, : e["d"] // 2]
    return pe


STEPS = [Step("position", lambda e: torch.arange(e["T"], dtype=F64).unsqueeze(-1), "positions 0 .. T-1 as a column"),
         Step("frequencies", lambda e: 10000.0 ** (-torch.arange(0, e["d"], 2, dtype=F64) / e["d"]),
              "1 / 10000^(2i/d), i = 0 .. ceil(d/2) - 1"),
         Step("angles", lambda e: e["position"] * e["frequencies"], "pos / 10000^(2i/d): (T, ceil(d/2))"),
         Step("sines", lambda e: e["angles"].sin(), "sin(angles), the even columns", of="angles"),
         Step("cosines", lambda e: e["angles"].cos(), "cos(angles), the odd columns", of="angles"),
         Step("output", _table, "PE[:, 0::2] = sin, PE[:, 1::2] = cos")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"sinusoidal-positions-from-1": "position",
              "sinusoidal-exponent": "frequencies",
              "sinusoidal-multiplies": "angles",
              "sinusoidal-sin-cos-swapped": "sines",
              "sinusoidal-sin-only": "cosines",
              "sinusoidal-concat": "output"}


def variant(slips, T, d):
    pos = torch.arange(T, dtype=F64).unsqueeze(-1) + (1 if "sinusoidal-positions-from-1" in slips else 0)
    i = torch.arange(d // 2 + d % 2, dtype=F64)
    if "sinusoidal-exponent" in slips:  # 10000^(i/d): the 2 forgotten
        angle = pos / 10000 ** (i / d)
    elif "sinusoidal-exponent:double" in slips:  # 10000^(4i/d): the 2 applied to an index that already steps by 2
        angle = pos / 10000 ** (4 * i / d)
    elif "sinusoidal-exponent:floor" in slips:  # 2 * i // d: integer division, 0 for every pair
        angle = pos / 10000 ** torch.div(2 * i, d, rounding_mode="floor")
    elif "sinusoidal-exponent:log10" in slips:  # exp(-2i log10(10000) / d): a base of e^4
        angle = pos * torch.exp(-2 * i * math.log10(10000) / d)
    elif "sinusoidal-multiplies" in slips:  # pos * 10000^(2i/d)
        angle = pos * 10000 ** (2 * i / d)
    else:
        angle = pos / 10000 ** (2 * i / d)
    first, second = (torch.cos, torch.sin) if "sinusoidal-sin-cos-swapped" in slips else (torch.sin, torch.cos)
    if "sinusoidal-sin-only" in slips:  # the even columns' line copied for the odd ones, sin kept
        second = first
    pe = torch.zeros(T, d, dtype=F64)
    if "sinusoidal-exponent:odd" in slips or "sinusoidal-exponent:column" in slips:
        # every column its own frequency: 10000^(j/d) for column j (or 10000^(2j/d): the column index doubled)
        j = torch.arange(d, dtype=F64)
        ang = pos / 10000 ** ((2 if "sinusoidal-exponent:column" in slips else 1) * j / d)
        pe[:, 0::2], pe[:, 1::2] = first(ang[:, 0::2]), second(ang[:, 1::2])
        return pe
    if "sinusoidal-concat" in slips:  # sines in the first half, cosines in the second
        h = (d + 1) // 2
        pe[:, :h] = first(angle[:, :h])
        pe[:, h:] = second(angle[:, : d - h])
    else:
        pe[:, 0::2] = first(angle)
        pe[:, 1::2] = second(angle[:, : d // 2])
    return pe


def cases():
    return [Case(f"T={T}, d={d}", [T, d], {}, lambda T, d: sinusoidal(T, d, dtype=F64), variant, out_dtype="float",
                 call=f"sinusoidal_encoding({T}, {d})", labels=["T", "d"],
                 engine_at=lambda dt, T=T, d=d: sinusoidal(T, d, dtype=dt, compute_dtype=dt))
            for T, d in ((1, 4), (10, 16), (50, 64), (7, 6), (128, 512))]
