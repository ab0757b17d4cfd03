import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    n_kv = config["n_kv_heads"]
    head_dim = config["d_model"] // config["n_kv_heads"]
    bits = 32 if dtype == "fp32" else 16
    elems = 2 * n_layers * n_kv * head_dim
    return int(elems * tokens * batch * bits)
