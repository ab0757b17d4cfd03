import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L, H, G, D = (config[k] for k in ("n_layers", "n_heads", "n_kv_heads", "d_model"))
    b = 4 if dtype == "fp32" else 2
    return 2 * L * H * (D // H) * tokens * batch * b
