import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per_elem = 4 if dtype == "fp32" else 2
    d_head = config["d_model"] / config["n_heads"]
    total = 2 * config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch * bytes_per_elem
    return total / 1024 ** 3
