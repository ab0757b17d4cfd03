import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_kv_heads"]
    per_elem = 2 if dtype == "fp16" else 4
    factors = [2, config["n_layers"], config["n_kv_heads"], d_head, tokens, batch, per_elem]
    return int(np.prod(factors, dtype=np.int64))
