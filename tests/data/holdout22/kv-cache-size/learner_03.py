import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    n_layers = int(config["n_layers"])
    n_heads = int(config["n_heads"])
    n_kv_heads = int(config["n_kv_heads"])
    d_model = int(config["d_model"])
    d_head = d_model // n_heads
    if dtype == "fp32":
        elem_bytes = 4
    else:
        elem_bytes = 2
    n_tensors = 2  # K and V
    total = n_tensors * n_layers * n_kv_heads * d_head
    total = total * tokens * batch * elem_bytes
    return int(total)
