def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    size = 2 if dtype == "fp16" else 4
    n_layers, n_heads = config["n_layers"], config["n_heads"]
    n_kv, d_model = config["n_kv_heads"], config["d_model"]
    head_dim = d_model // n_heads
    return 2 * n_layers * n_kv * head_dim * tokens * batch * size
