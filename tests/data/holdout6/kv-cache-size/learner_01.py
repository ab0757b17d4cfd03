import numpy as np

BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    n_layers = config["n_layers"]
    n_kv = config["n_kv_heads"]
    head_dim = config["d_model"] // config["n_heads"]
    # one K and one V per layer, per kv head, per token
    per_token = 2 * n_layers * n_kv * head_dim * BYTES[dtype]
    return int(per_token * tokens * batch)
