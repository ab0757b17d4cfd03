"""The ALiBi drill's cases and slips (loaded by the grading worker from this folder)."""

import torch

from engine.positional import alibi_bias, alibi_slopes
from studyxf.grading.judge.case import F64, Case
from studyxf.grading.judge.probes import alibi_slope_series
from studyxf.grading.judge.steps import Step

SLIPS = ["alibi-slope-offset", "alibi-sign", "alibi-signed-distance", "alibi-slope-order", "alibi-slope-offset:floor",
         "alibi-slope-precedence", "alibi-slope-no-8", "alibi-key-index", "alibi-distance-clamped"]
PROBES = [alibi_slope_series()]

STEPS = [Step("slopes", lambda e: alibi_slopes(e["n_heads"]), "2^(-8(h+1)/n) for h = 0 .. n-1"),
         Step("distances", lambda e: (torch.arange(e["T"]).unsqueeze(-1) - torch.arange(e["T"])).abs().to(F64),
              "|i - j|: (T, T)"),
         Step("output", lambda e: -e["slopes"].view(-1, 1, 1) * e["distances"], "-slope_h * |i - j|")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"alibi-slope-offset": "slopes",
              "alibi-slope-order": "slopes",
              "alibi-slope-precedence": "slopes",
              "alibi-slope-no-8": "slopes",
              "alibi-signed-distance": "distances",
              "alibi-distance-clamped": "distances",
              "alibi-key-index": "distances",
              "alibi-sign": "output"}
QUANTITIES = {"2^(8/n)": lambda e: 2 ** (8 / e["n_heads"]), "n_heads": lambda e: e["n_heads"]}


def variant(slips, n_heads, T):
    if "alibi-slope-offset:floor" in slips:  # 8 // n: an integer division, 0 for n > 8 (every slope 1)
        slopes = torch.tensor([2 ** (-(8 // n_heads) * (h + 1)) for h in range(n_heads)], dtype=F64)
    elif "alibi-slope-offset" in slips:  # 2^(-8h/n) for h = 0..n-1: starts at 1, not 2^(-8/n)
        slopes = torch.tensor([2 ** (-8 * h / n_heads) for h in range(n_heads)], dtype=F64)
    elif "alibi-slope-precedence" in slips:  # 2 ** (-8 / n) ** (h + 1): ** binds to the right
        slopes = torch.tensor([2 ** ((-8 / n_heads) ** (h + 1)) for h in range(n_heads)], dtype=F64)
    elif "alibi-slope-no-8" in slips:  # 2 ** (-(h + 1) / n): the paper's 8 left out
        slopes = torch.tensor([2 ** (-(h + 1) / n_heads) for h in range(n_heads)], dtype=F64)
    else:
        slopes = alibi_slopes(n_heads)
    if "alibi-slope-order" in slips:  # the slopes assigned to the heads in reverse
        slopes = slopes.flip(0)
    i = torch.arange(T).unsqueeze(-1)
    if "alibi-key-index" in slips:  # BLOOM's form: m_h * j, the key's position, the same for every query
        return slopes.view(-1, 1, 1) * torch.arange(T).to(F64).expand(T, T)
    dist = (i - torch.arange(T)).to(F64)
    if "alibi-distance-clamped" in slips:  # max(i - j, 0), tril(i - j): keys after the query free
        dist = dist.clamp(min=0)
    elif "alibi-signed-distance" not in slips:  # the signed i - j: keys after the query get a bonus
        dist = dist.abs()
    sign = 1.0 if "alibi-sign" in slips else -1.0
    return sign * slopes.view(-1, 1, 1) * dist


def cases():
    return [Case(f"n_heads={n}, T={T}", [n, T], {}, lambda n, T: alibi_bias(n, T, dtype=F64), variant,
                 out_dtype="float", call=f"alibi_bias({n}, {T})", labels=["n_heads", "T"])
            for n, T in ((1, 4), (2, 5), (8, 7), (16, 12), (4, 1))]
