def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    if dtype in ("fp16", "bf16"):
        nbytes = 16
    elif dtype == "fp32":
        nbytes = 4
    else:
        raise ValueError(f"unknown dtype {dtype}")
    d_head = config["d_model"] // config["n_heads"]
    k_and_v = 2
    return k_and_v * config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch * nbytes
