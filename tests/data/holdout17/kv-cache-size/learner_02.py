def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    c = config
    h = c["d_model"] // c["n_heads"]
    b = 32 if dtype == "fp32" else 16
    n = 2 * c["n_layers"] * c["n_heads"] * h
    return n * tokens * batch * b
