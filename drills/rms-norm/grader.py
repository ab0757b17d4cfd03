"""The RMSNorm drill's cases and slips (loaded by the grading worker from this folder)."""

from engine.norms import rms_norm
from studyxf.grading.judge import families as fam
from studyxf.grading.judge.case import F32, F64, Case, dtype_name, rnd
from studyxf.grading.judge.probes import norm_scale
from studyxf.grading.judge.steps import Step

SLIPS = ["rms-subtracts-mean", "rms-eps-outside-sqrt", "rms-no-sqrt", "rms-no-gamma", "rms-sum-not-mean", "rms-multiplies", "rms-gamma-plus-one", "rms-wrong-axis:0",
         "rms-wrong-axis:-2", "rms-wrong-axis:all"]
PROBES = [norm_scale("rms")]

# the reference as the steps a learner writes (localise.py matches the learner's lines with them)
STEPS = [Step("mean_square", lambda e: (e["x"] ** 2).mean(-1, keepdim=True), "mean(x^2) over the last axis"),
         Step("ms_eps", lambda e: e["mean_square"] + e.get("eps", 1e-6), "mean(x^2) + eps, eps the argument"),
         Step("rms", lambda e: e["ms_eps"].sqrt(), "sqrt(mean(x^2) + eps)"),
         Step("normalised", lambda e: e["x"] / e["rms"], "x / rms"),
         Step("output", lambda e: e["normalised"] * e["gamma"], "normalised * gamma")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"rms-subtracts-mean": "mean_square",
              "rms-sum-not-mean": "mean_square",
              "rms-wrong-axis": "mean_square",
              "rms-eps-outside-sqrt": "rms",
              "rms-no-sqrt": "rms",
              "rms-multiplies": "normalised",
              "rms-no-gamma": "output", "rms-gamma-plus-one": "output"}
QUANTITIES = {"d": lambda e: e["x"].shape[-1],
              "d / (d - 1) (the mean of squares divided by d - 1)": lambda e: e["x"].shape[-1] / (e["x"].shape[-1] - 1)}
TUNABLES = {"eps": [1e-5, 1e-8, 1e-6, 1e-12, 0.0]}  # constants a learner may write in place of the argument


def variant(slips, x, gamma, eps=1e-6):
    return fam.rms_norm(x, gamma, eps, slips)


def cases():
    out = []
    for i, (shape, dtype, scale) in enumerate([((2, 5, 16), F64, 1.0), ((3, 512), F32, 1e-2), ((4, 512), F64, 1e-2),
                                                ((1, 7), F32, 1.0), ((2, 3, 4096), F64, 1.0)]):
        x = rnd(*shape, dtype=dtype, seed=i, scale=scale) + 0.7 * scale
        g = rnd(shape[-1], dtype=dtype, seed=80 + i)
        kind = "small variance (x * 1e-2)" if scale < 1 else "unit variance"
        out.append(Case(f"x {shape}, {kind}, {dtype_name(dtype)}", [x, g], {}, lambda x, g: rms_norm(x, g), variant,
                        call="rms_norm(x, gamma)"))
    # the task names eps: one case passes another, so that a value written in the code fails
    x = rnd(3, 64, seed=70, scale=1e-2) + 0.7e-2
    out.append(Case("eps=1e-3 passed explicitly, float64", [x, rnd(64, seed=71)], {"eps": 1e-3},
                    lambda x, g, eps: rms_norm(x, g, eps), variant, call="rms_norm(x, gamma, eps=1e-3)"))
    return out
