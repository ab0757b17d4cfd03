def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L, H, G, D = (config[key] for key in ("n_layers", "n_heads", "n_kv_heads", "d_model"))
    b = 2 if dtype == "fp16" else 4
    return L * G * (D // H) * tokens * batch * b
