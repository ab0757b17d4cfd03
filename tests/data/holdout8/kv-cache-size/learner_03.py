def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    head_dim = config["d_model"] // config["n_heads"]
    per_token = 2 * n_layers * config["n_kv_heads"] * head_dim  # K and V, every layer, every KV head
    size = 4 if dtype == "fp32" else 2
    return per_token * tokens * batch * size
