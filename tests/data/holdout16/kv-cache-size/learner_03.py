import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    c = config
    return 2 * c["n_layers"] * c["n_kv_heads"] * (c["d_model"] // c["n_kv_heads"]) * tokens * batch * (4 if dtype == "fp32" else 2)
