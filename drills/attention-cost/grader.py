"""The attention-cost calculator drill's cases and slips (loaded by the grading worker from this folder)."""

import numpy as np

from engine import calc
from studyxf.grading.judge.case import Case
from studyxf.grading.judge.steps import Step, scalar

KEYS = ("flops", "memory_bytes")
SLIPS = ["flops-no-factor-2", "per-layer-vs-all", "memory-all-layers", "memory-fp32"]

# the formula as terms (localise.py matches the learner's numbers with them)
STEPS = [Step("scores_flops", lambda e: scalar(2 * e["batch"] * e["heads"] * e["tokens"] ** 2 * e["head_dim"]),
              "Q·K^T: 2 FLOPs per multiply-add, B·H·T²·D of them"),
         Step("av_flops", lambda e: scalar(2 * e["batch"] * e["heads"] * e["tokens"] ** 2 * e["head_dim"]),
              "A·V: as many as Q·K^T"),
         Step("layer_flops", lambda e: e["scores_flops"] + e["av_flops"], "Q·K^T + A·V, one layer"),
         Step("flops", lambda e: e["layer_flops"] * e["layers"], "one layer's FLOPs times the layers"),
         Step("matrix_elements", lambda e: scalar(e["batch"] * e["heads"] * e["tokens"] ** 2),
              "B·H·T² scores, one layer"),
         Step("memory_bytes", lambda e: e["matrix_elements"] * e.get("bytes_per_element", 2),
              "the score matrices of one layer, bytes_per_element each"),
         Step("output", lambda e: scalar([float(e["flops"]), float(e["memory_bytes"])]), "flops, memory_bytes")]
# the step each catalogued slip alters first (verify.py: its line is the difference found there)
SLIP_STEPS = {"flops-no-factor-2": "scores_flops",
              "per-layer-vs-all": "flops",
              "memory-all-layers": "matrix_elements",  # the layers may multiply the count of scores
              "memory-fp32": "memory_bytes"}
# sizes a factor may equal; a constant (2, 8, 10^9, 1024^3) is said as the number, the same on every case
QUANTITIES = {"the layers": lambda e: e["layers"],
              "(T + 1) / (2 T) (the causal triangle with its diagonal)": lambda e: (e["tokens"] + 1) / (2 * e["tokens"]),
              "(T - 1) / (2 T) (the causal triangle without its diagonal)": lambda e: (e["tokens"] - 1) / (2 * e["tokens"]), "bytes_per_element": lambda e: e.get("bytes_per_element", 2),
              "10^9": lambda e: 1e9, "1024^3": lambda e: 1024 ** 3, "8": lambda e: 8}

# each figure as the product the task states, and its unit (units.py names a term missing, doubled or
# swapped for another of the case's numbers, and a unit converted)
FORMULA = {"flops": ([("4", "the 4 (2 FLOPs a multiply-add, for Q·K^T and A·V both)"), "batch", "heads", "tokens",
                      "tokens", "head_dim", "layers"], "FLOPs"),
           "memory_bytes": (["batch", "heads", "tokens", "tokens", "bytes_per_element"], "bytes")}
SYMBOLS = {"bytes_per_element": lambda e: e.get("bytes_per_element", 2)}


def figures(out):
    if not isinstance(out, dict):
        raise TypeError(f"expected a dict with keys {', '.join(KEYS)}, got {type(out).__name__}")
    return np.array([float(out[k]) for k in KEYS])


def cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2, slips=frozenset()):
    a = calc.attention(batch, layers, heads, head_dim, tokens)
    flops, mem = a["flops"], a["matrix_bytes_per_layer"] // 2 * bytes_per_element
    if "flops-no-factor-2" in slips:  # a multiply-add counted as 1 FLOP (or AV forgotten: the same number)
        flops //= 2
    if "per-layer-vs-all" in slips:
        flops //= layers
    if "memory-all-layers" in slips:
        mem *= layers
    if "memory-fp32" in slips:  # 4 bytes whatever bytes_per_element says (a memory doubled is no fp32)
        mem = mem // bytes_per_element * 4
    return np.array([flops, mem], dtype=np.float64)


def cases():
    # the last leaves bytes_per_element out: the default the task states (2) is graded too
    configs = [(1, 32, 32, 128, 4096, 2), (2, 12, 12, 64, 1024, 2), (1, 80, 64, 128, 8192, 2), (4, 6, 8, 64, 256, 4),
               (2, 24, 16, 96, 2048, None)]
    return [Case(f"B={b}, L={l}, h={h}, d_head={dh}, T={t}, " + (f"{e}-byte elements" if e else
                                                                 "bytes_per_element left at its default"),
                 [b, l, h, dh, t], {"bytes_per_element": e} if e else {}, cost,
                 lambda slips, *a, **k: cost(*a, **k, slips=slips), convert=figures,
                 call=f"attention_cost({b}, {l}, {h}, {dh}, {t}" + (f", bytes_per_element={e})" if e else ")"),
                 labels=["batch", "layers", "heads", "head_dim", "tokens"])
            for b, l, h, dh, t, e in configs]
