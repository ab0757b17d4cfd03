def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):
    n_layers, n_heads = config["n_layers"], config["n_heads"]
    n_kv, d_model = config["n_kv_heads"], config["d_model"]
    head_dim = d_model // n_heads
    nbytes = 32 if dtype == "fp32" else 16
    k_bytes = n_layers * n_kv * head_dim * tokens * batch * nbytes
    v_bytes = k_bytes
    return k_bytes + v_bytes
