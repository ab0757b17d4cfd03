"""The GELU MLP drill's cases and slips (loaded by the grading worker from this folder)."""

import torch

from engine.mlp import gelu_mlp
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.steps import Step

SLIPS = ["gelu-tanh", "mlp-relu", "gelu-quick", "gelu-erf-no-sqrt2", "gelu-erf-no-sqrt2:outside", "gelu-no-half", "mlp-bias-after-activation",
         "mlp-no-output-bias"]

STEPS = [Step("pre", lambda e: e["x"] @ e["w1"] + e["b1"], "x @ w1 + b1"),
         Step("activated", lambda e: torch.nn.functional.gelu(e["pre"]), "GELU with erf: 0.5 x (1 + erf(x / sqrt 2))"),
         Step("output", lambda e: e["activated"] @ e["w2"] + e["b2"], "activated @ w2 + b2")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"mlp-bias-after-activation": "pre",
              "gelu-tanh": "activated",
              "mlp-relu": "activated",
              "gelu-quick": "activated",
              "gelu-erf-no-sqrt2": "activated",
              "gelu-no-half": "activated",
              "mlp-no-output-bias": "output"}


def variant(slips, x, w1, b1, w2, b2):
    return fam.mlp(x, w1, b1, w2, b2, slips)


def cases():
    out = []
    for i, (lead, d, h, dtype) in enumerate([((2, 5), 16, 64, F64), ((3,), 8, 32, F32), ((1, 1, 1), 32, 128, F32),
                                             ((2, 7), 64, 256, F64)]):
        x = rnd(*lead, d, dtype=dtype, seed=i, scale=2.0)
        w1, w2 = rnd(d, h, dtype=dtype, seed=10 + i, scale=d ** -0.5), rnd(h, d, dtype=dtype, seed=20 + i, scale=h ** -0.5)
        b1, b2 = rnd(h, dtype=dtype, seed=30 + i), rnd(d, dtype=dtype, seed=40 + i)
        out.append(Case(f"x {(*lead, d)}, hidden {h}, {dtype_name(dtype)}", [x, w1, b1, w2, b2], {}, gelu_mlp, variant,
                        call="mlp(x, w1, b1, w2, b2)"))
    return out
