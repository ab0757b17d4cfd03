import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    required = ("n_layers", "n_heads", "n_kv_heads", "d_model")
    missing = [key for key in required if key not in config]
    if missing:
        raise KeyError(f"config lacks {missing}")
    if dtype in ("fp16", "bf16"):
        bytes_per_value = 2
    elif dtype == "fp32":
        bytes_per_value = 4
    else:
        raise ValueError(f"unknown dtype {dtype!r}")
    n_layers = int(config["n_layers"])
    n_kv_heads = int(config["n_kv_heads"])
    d_head = int(config["d_model"]) // int(config["n_heads"])
    per_token = n_layers * n_kv_heads * d_head * bytes_per_value
    total = per_token * int(tokens)
    return int(total)
