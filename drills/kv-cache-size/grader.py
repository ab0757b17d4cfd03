"""The KV-cache size calculator drill's cases and slips (loaded by the grading worker from this folder)."""

import numpy as np

from engine import calc
from engine.config import named
from studyxf.grading.judge.case import Case
from studyxf.grading.judge.steps import Step, scalar

BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}
SLIPS = ["kv-mha", "kv-per-layer", "kv-no-factor-2", "kv-fp32"]

STEPS = [Step("d_head", lambda e: scalar(e["config"]["d_model"] // e["config"]["n_heads"]), "d_model / n_heads"),
         Step("bytes_per_element", lambda e: scalar(BYTES[e.get("dtype", "fp16")]), "2 for fp16 and bf16, 4 for fp32"),
         Step("per_token_layer", lambda e: 2 * e["config"]["n_kv_heads"] * e["d_head"] * e["bytes_per_element"],
              "K and V: 2 x n_kv_heads x d_head x bytes, one layer"),
         Step("per_token", lambda e: e["per_token_layer"] * e["config"]["n_layers"], "times the layers"),
         Step("output", lambda e: (e["per_token"] * e["tokens"] * e.get("batch", 1)).reshape(1),
              "times tokens and batch")]
# sizes a factor may equal; a constant (2, 8, 10^9, 1024^3) is said as the number, the same on every case
QUANTITIES = {"n_layers": lambda e: e["config"]["n_layers"],
              "n_heads / n_kv_heads": lambda e: e["config"]["n_heads"] / e["config"]["n_kv_heads"],
              "the batch": lambda e: e.get("batch", 1), "tokens": lambda e: e["tokens"],
              "10^9": lambda e: 1e9, "1024^3": lambda e: 1024 ** 3, "8": lambda e: 8}

# the figure as the product the task states, and its unit (units.py names a term missing, doubled or
# swapped for another of the case's numbers, and a unit converted); a name is a config key or an input
FORMULA = {"output": ([("2", "the 2 for K and V"), "n_layers", "n_kv_heads", ("d_model / n_heads", "d_head = d_model / n_heads"),
                       "tokens", "batch", ("bytes_per_element", "bytes per element")], "bytes")}
SYMBOLS = {"bytes_per_element": lambda e: BYTES[e.get("dtype", "fp16")], "batch": lambda e: e.get("batch", 1)}


def kv(config, tokens, batch=1, dtype="fp16", slips=frozenset()):
    heads = config["n_heads"] if "kv-mha" in slips else config["n_kv_heads"]
    d_head = config["d_model"] // config["n_heads"]
    layers = 1 if "kv-per-layer" in slips else config["n_layers"]
    factor = 1 if "kv-no-factor-2" in slips else 2
    size = 4 if "kv-fp32" in slips else BYTES[dtype]
    return np.array([factor * layers * heads * d_head * size * tokens * batch], dtype=np.float64)


def cases():
    out = []
    for model, tokens, batch, dtype in (("llama-3-70b", 4096, 1, "fp16"), ("llama-2-70b", 4096, 1, "fp16"),
                                        ("mistral-7b", 1000, 3, "bf16"), ("llama-3-8b", 8192, 2, "fp16"),
                                        ("gpt2", 1024, 1, "fp32"), ("mistral-7b", 2048, None, None)):
        cfg = named(model)
        config = {"n_layers": cfg.n_layers, "n_heads": cfg.n_heads, "n_kv_heads": cfg.kv_heads, "d_model": cfg.d_model}
        # the last case leaves batch and dtype out: the defaults the task states (1, 'fp16') are graded too
        given = {"batch": batch, "dtype": dtype} if batch else {}
        assert kv(config, tokens, **given)[0] == calc.kv_cache(cfg, tokens, batch or 1, dtype or "fp16")["bytes"]
        out.append(Case(f"{model}, T={tokens}, " + (f"batch {batch}, {dtype}" if batch else "batch and dtype left at "
                                                    "their defaults"), [config, tokens],
                        given, kv, lambda slips, *a, **k: kv(*a, **k, slips=slips),
                        convert=lambda r: np.array([float(r)]), labels=["config", "tokens"],
                        out_type=(int, "an int (a number of bytes)"),
                        call=f"kv_cache_bytes({config}, {tokens}" + (f", batch={batch}, dtype={dtype!r})" if batch
                                                                     else ")")))
    return out
# the step each slip alters (verify.py: a slip is said only where the learner's line is that step's)
SLIP_STEPS = {"kv-mha": "per_token_layer", "kv-no-factor-2": "per_token_layer", "kv-per-layer": "per_token",
              "kv-fp32": "bytes_per_element"}
