import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    if (width := {"fp16": 2, "bf16": 2, "fp32": 4}.get(dtype)) is None:
        raise ValueError(f"unknown dtype {dtype!r}")
    per_layer = 2 * config["n_kv_heads"] * (dh := config["d_model"] / config["n_heads"])
    if (n := tokens) <= 0:
        return 0
    return per_layer * config["n_layers"] * n * width
