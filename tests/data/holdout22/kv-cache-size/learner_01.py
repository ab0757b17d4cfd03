import numpy as np
from math import prod


def bytes_of(dtype):
    return {"fp32": 4}.get(dtype, 2)


def shape_of_cache(config, tokens, batch):
    d_head = config["d_model"] // config["n_kv_heads"]
    return (config["n_layers"], batch, config["n_kv_heads"], tokens, d_head)


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    return prod(shape_of_cache(config, tokens, batch)) * bytes_of(dtype)
