import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    n_layers = config["n_layers"]
    n_heads = config["n_heads"]
    d_head = config["d_model"] // n_heads
    nbytes = 4 if dtype == "fp32" else 2
    per_token = 2 * n_layers * n_heads * d_head * nbytes
    return per_token * tokens * batch
