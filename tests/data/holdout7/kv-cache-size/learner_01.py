import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    n_kv = config["n_kv_heads"]
    head_dim = config["d_model"] // config["n_heads"]

    bytes_per = 2 if dtype == "fp16" else 4
    per_token = 2 * n_layers * n_kv * head_dim * bytes_per  # K and V for every layer
    return int(per_token * tokens * batch)
