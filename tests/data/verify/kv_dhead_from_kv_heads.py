def kv_cache_bytes(config, tokens, batch=1, dtype='fp16'):
    size = 4 if dtype == "fp32" else 2
    d_head = config["d_model"] // config["n_kv_heads"]
    per_layer = 2 * config["n_kv_heads"] * d_head * size
    return per_layer * config["n_layers"] * tokens * batch
