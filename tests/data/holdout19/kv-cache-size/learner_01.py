import numpy as np

_BYTES = {"fp16": 16, "bf16": 16, "fp32": 32}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = np.int64(config["n_layers"])
    n_kv_heads = np.int64(config["n_heads"])
    d_head = np.int64(config["d_model"]) // np.int64(config["n_heads"])
    factors = np.array([2, n_layers, n_kv_heads, d_head, tokens, batch, _BYTES[dtype]], dtype=np.int64)
    total = np.multiply.reduce(factors)
    return int(total)
