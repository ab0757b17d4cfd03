import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per_elem = 2 if dtype == "fp16" else 4
    head_dim = config["d_model"] // config["n_heads"]
    elems = 2 * config["n_layers"] * config["n_kv_heads"] * head_dim * tokens * batch
    return elems * bytes_per_elem
