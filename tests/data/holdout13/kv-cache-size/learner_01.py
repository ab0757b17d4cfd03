def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    size = {"fp32": 4}.get(dtype, 2)
    head_dim = config["d_model"] // config["n_heads"]
    kv_heads = config["n_heads"]
    k_bytes = config["n_layers"] * kv_heads * head_dim * tokens * batch * size
    return 2 * k_bytes
