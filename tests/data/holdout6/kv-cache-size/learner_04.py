import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp32"):
    """KV-cache size: see TASK.md."""
    if dtype in ("fp16", "bf16"):
        nbytes = 2
    else:
        nbytes = 4
    d_head = config["d_model"] // config["n_heads"]
    elems = config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch
    return elems * nbytes
