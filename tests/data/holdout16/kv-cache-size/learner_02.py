import numpy as np

BYTES = {"fp16": 16, "bf16": 16, "fp32": 32}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size.

    S = 2 (K and V) * L * H_kv * d_head * T * B * s_bytes,   d_head = d_model / H.
    """
    L = config["n_layers"]
    H = config["n_heads"]
    H_kv = config["n_heads"]
    d_head = config["d_model"] // H
    s_bytes = BYTES[dtype]
    S = 2 * L * H_kv * d_head * tokens * batch * s_bytes
    return int(S)
