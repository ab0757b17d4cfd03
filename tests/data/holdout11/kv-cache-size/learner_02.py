import numpy as np

BYTES = {"fp32": 4, "fp16": 2, "bf16": 2}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L, H, Hkv, D = (config[key] for key in ("n_layers", "n_heads", "n_kv_heads", "d_model"))
    shape = (2, L, batch, tokens, Hkv, D // H)  # K and V for every layer
    return int(np.prod(shape, dtype=np.int64)) * BYTES[dtype]
