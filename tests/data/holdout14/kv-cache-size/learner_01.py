import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L = config["n_layers"]
    H = config["n_heads"]
    Hkv = config["n_kv_heads"]
    d_head = config["d_model"] // H
    nbytes = 2 if dtype == "fp16" else 4
    elems = 2 * L * H * d_head * tokens * batch
    return int(elems * nbytes)
