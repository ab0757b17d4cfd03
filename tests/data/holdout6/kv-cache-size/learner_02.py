import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    bytes_per = 4 if dtype == "fp32" else 2
    d_head = config["d_model"] // config["n_heads"]
    layers = config["n_layers"]
    heads = config["n_heads"]
    return 2 * layers * heads * d_head * tokens * batch * bytes_per
