"""The SwiGLU drill's cases and slips (loaded by the grading worker from this folder)."""

import torch
import torch.nn.functional as F

from engine.mlp import swiglu
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.steps import Step

SLIPS = ["swiglu-gelu", "swiglu-gate-swapped", "swiglu-silu-after-product", "swiglu-no-silu", "swiglu-sigmoid",
         "swiglu-silu-on-both", "swiglu-sigmoid-sign"]

STEPS = [Step("gate", lambda e: e["x"] @ e["w_gate"], "x @ w_gate"),
         Step("up", lambda e: e["x"] @ e["w_up"], "x @ w_up"),
         Step("activated", lambda e: F.silu(e["gate"]), "silu(gate) = gate * sigmoid(gate)", of="gate"),
         Step("hidden", lambda e: e["activated"] * e["up"], "silu(gate) * up"),
         Step("output", lambda e: e["hidden"] @ e["w_down"], "hidden @ w_down")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"swiglu-gate-swapped": "activated",
              "swiglu-gelu": "activated",
              "swiglu-no-silu": "activated",
              "swiglu-sigmoid": "activated",
              "swiglu-silu-after-product": "activated",
              "swiglu-silu-on-both": "hidden",
              "swiglu-sigmoid-sign": "activated"}


def variant(slips, x, w_gate, w_up, w_down):
    gate, up = x @ w_gate, x @ w_up
    if "swiglu-gate-swapped" in slips:  # silu on the up branch instead of the gate
        gate, up = up, gate
    act = F.gelu if "swiglu-gelu" in slips else torch.sigmoid if "swiglu-sigmoid" in slips else \
        (lambda z: z * torch.sigmoid(-z)) if "swiglu-sigmoid-sign" in slips else F.silu
    if "swiglu-silu-after-product" in slips:
        h = act(gate * up)
    elif "swiglu-no-silu" in slips:
        h = gate * up
    elif "swiglu-silu-on-both" in slips:
        h = act(gate) * act(up)
    else:
        h = act(gate) * up
    return h @ w_down


def cases():
    out = []
    for i, (lead, d, h, dtype) in enumerate([((2, 5), 16, 40, F64), ((3,), 8, 24, F32), ((1, 1, 1), 32, 64, F32),
                                             ((2, 7), 64, 172, F64)]):
        x = rnd(*lead, d, dtype=dtype, seed=i)
        ws = [rnd(d, h, dtype=dtype, seed=90 + i, scale=d ** -0.5), rnd(d, h, dtype=dtype, seed=95 + i, scale=d ** -0.5),
              rnd(h, d, dtype=dtype, seed=99 + i, scale=h ** -0.5)]
        out.append(Case(f"x {(*lead, d)}, hidden {h}, {dtype_name(dtype)}", [x, *ws], {}, swiglu, variant,
                        call="swiglu(x, w_gate, w_up, w_down)"))
    return out
