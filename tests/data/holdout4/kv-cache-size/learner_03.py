import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    bpe = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    d_head = config["d_model"] // config["n_heads"]
    total = 2 * config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch * bpe
    return total / 1024 ** 3
