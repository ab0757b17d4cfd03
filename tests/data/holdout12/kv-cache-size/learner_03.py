def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    n_kv = config["n_kv_heads"]
    d_head = config["d_model"] // config["n_kv_heads"]
    nbytes = 4 if dtype == "fp32" else 2
    return 2 * n_layers * n_kv * d_head * tokens * batch * nbytes
