"""The LayerNorm drill's cases and slips (loaded by the grading worker from this folder)."""

from engine.norms import layer_norm
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.probes import norm_scale
from studyxf.grading.judge.steps import Step

SLIPS = ["ln-unbiased-variance", "ln-eps-outside-sqrt", "ln-no-eps", "ln-no-beta", "ln-no-gamma", "ln-gamma-beta-swapped", "ln-beta-before-gamma", "ln-var-not-centred", "ln-no-centering", "ln-wrong-axis:0",
         "ln-wrong-axis:-2", "ln-wrong-axis:all"]
PROBES = [norm_scale("layer")]

# the reference as the steps a learner writes (localise.py matches the learner's lines with them)
STEPS = [Step("mean", lambda e: e["x"].mean(-1, keepdim=True), "the mean over the last axis"),
         Step("centred", lambda e: e["x"] - e["mean"], "x - mean"),
         Step("var", lambda e: (e["centred"] ** 2).mean(-1, keepdim=True),
              "the biased variance over the last axis (divided by d)"),
         Step("var_eps", lambda e: e["var"] + e.get("eps", 1e-5), "var + eps, eps the argument"),
         Step("std", lambda e: e["var_eps"].sqrt(), "sqrt(var + eps)"),
         Step("normalised", lambda e: e["centred"] / e["std"], "(x - mean) / sqrt(var + eps)", of="centred"),
         Step("scaled", lambda e: e["normalised"] * e["gamma"], "normalised * gamma"),
         Step("output", lambda e: e["scaled"] + e["beta"], "... + beta")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"ln-wrong-axis": "mean",
              "ln-no-centering": "centred",
              "ln-unbiased-variance": "var",
              "ln-var-not-centred": "var",
              "ln-no-eps": "std",
              "ln-eps-outside-sqrt": "std",
              "ln-no-gamma": "scaled",
              "ln-gamma-beta-swapped": "scaled",
              "ln-beta-before-gamma": "scaled",
              "ln-no-beta": "output"}
TUNABLES = {"eps": [1e-5, 1e-6, 1e-8, 1e-12, 0.0]}  # constants a learner may write in place of the argument
QUANTITIES = {"d / (d - 1) (the unbiased variance)": lambda e: e["x"].shape[-1] / (e["x"].shape[-1] - 1),
              "d": lambda e: e["x"].shape[-1]}


def variant(slips, x, gamma, beta, eps=1e-5):
    return fam.layer_norm(x, gamma, beta, eps, slips)


def cases():
    out = []
    for i, (shape, dtype, scale) in enumerate([((2, 5, 16), F64, 1.0), ((3, 512), F32, 1e-2), ((4, 512), F64, 1e-2),
                                                ((1, 7), F32, 1.0), ((2, 3, 4096), F64, 1.0)]):
        x = rnd(*shape, dtype=dtype, seed=i, scale=scale) + 0.5 * scale
        d = shape[-1]
        g, b = rnd(d, dtype=dtype, seed=50 + i), rnd(d, dtype=dtype, seed=60 + i)
        kind = "small variance (x * 1e-2)" if scale < 1 else "unit variance"
        out.append(Case(f"x {shape}, {kind}, {dtype_name(dtype)}", [x, g, b], {},
                        lambda x, g, b: layer_norm(x, g, b), variant, call="layer_norm(x, gamma, beta)"))
    x = rnd(3, 64, seed=70, scale=1e-2)
    out.append(Case("eps=1e-3 passed explicitly, float64", [x, rnd(64, seed=71), rnd(64, seed=72)], {"eps": 1e-3},
                    lambda x, g, b, eps: layer_norm(x, g, b, eps), variant, call="layer_norm(x, gamma, beta, eps=1e-3)"))
    return out
