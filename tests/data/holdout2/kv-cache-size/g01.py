def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per = 2 if dtype == "fp16" else 4
    n_layers, n_kv = config["n_layers"], config["n_kv_heads"]
    d_head = config["d_model"] // config["n_heads"]
    return 2 * n_layers * n_kv * d_head * tokens * bytes_per
