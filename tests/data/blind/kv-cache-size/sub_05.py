def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    if dtype in ("fp16", "bf16"):
        nbytes = 2
    else:
        nbytes = 4
    head_dim = config["d_model"] // config["n_heads"]
    per_layer = config["n_kv_heads"] * head_dim * tokens * batch * nbytes
    return per_layer * config["n_layers"]
