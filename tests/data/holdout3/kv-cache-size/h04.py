import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    size = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    L = config["n_layers"]
    kv_dim = config["n_kv_heads"] * (config["d_model"] // config["n_heads"])
    return L * kv_dim * tokens * batch * size
