import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    # A1..A4: the config row
    A1, A2, A3, A4 = config["n_layers"], config["n_heads"], config["n_kv_heads"], config["d_model"]
    # B1 = A4 / A2   (head_dim)
    B1 = A4 // A2
    # B2 = VLOOKUP(dtype, {fp16, 2; bf16, 2; fp32, 4})
    B2 = {"fp16": 16, "bf16": 16, "fp32": 32}[dtype]
    # C1 = PRODUCT(2, A1, A3, B1, tokens, batch, B2)
    C1 = np.prod(np.array([2, A1, A3, B1, tokens, B2], dtype=np.int64))
    return int(C1)
