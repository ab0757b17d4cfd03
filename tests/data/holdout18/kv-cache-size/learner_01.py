import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L = config["n_layers"]
    H = config["n_heads"]
    Hkv = config["n_kv_heads"]
    D = config["d_model"]
    dh = D // H
    bytesPerEl = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    sz = np.array([2, L, H, dh, tokens, batch, bytesPerEl], dtype=np.int64)
    return int(np.prod(sz))
