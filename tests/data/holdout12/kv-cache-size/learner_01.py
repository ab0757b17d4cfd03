import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    size = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    d_head = config["d_model"] // config["n_heads"]
    elems = np.prod([2, config["n_layers"], config["n_kv_heads"], d_head, tokens])
    return int(elems) * size / 1024 ** 3
