import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    if dtype in ("fp16", "bf16"):
        nbytes = 2
    elif dtype == "fp32":
        nbytes = 4
    else:
        raise ValueError(f"unknown dtype {dtype}")
    d_head = config["d_model"] / config["n_heads"]
    per_token_per_layer = 2 * config["n_kv_heads"] * d_head * nbytes
    return int(per_token_per_layer * config["n_layers"] * tokens * batch)
