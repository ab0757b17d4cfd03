def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    n_heads = config["n_heads"]
    n_kv = config["n_kv_heads"]
    head_dim = config["d_model"] // n_kv
    if dtype in ("fp16", "bf16"):
        nbytes = 2
    elif dtype == "fp32":
        nbytes = 4
    else:
        raise ValueError(dtype)
    k_and_v = 2
    return k_and_v * n_layers * n_kv * head_dim * tokens * batch * nbytes
