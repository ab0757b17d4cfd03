def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    sizes = dict(fp16=2, bf16=2, fp32=4)
    n_layers, n_heads, n_kv, d_model = (config[k] for k in ("n_layers", "n_heads", "n_kv_heads", "d_model"))
    d_head = d_model // n_kv
    k_bytes = n_kv * d_head * tokens * batch * sizes[dtype]
    v_bytes = k_bytes
    return n_layers * (k_bytes + v_bytes)
