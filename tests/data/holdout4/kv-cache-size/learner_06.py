import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    L = config["n_layers"]
    kv_heads = config["n_heads"]
    d_head = config["d_model"] // config["n_heads"]
    b = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    cache = L * kv_heads * d_head * tokens * batch * b
    return int(cache)
