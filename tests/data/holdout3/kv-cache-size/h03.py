import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_bytes = 4 if dtype == "fp32" else 2
    d_head = config["d_model"] // config["n_heads"]
    per_layer = 2 * config["n_heads"] * d_head * tokens * batch * n_bytes
    return per_layer * config["n_layers"]
