import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    elem = 2 if dtype == "fp16" else 4
    k_and_v = 2
    return int(k_and_v * config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch * elem)
