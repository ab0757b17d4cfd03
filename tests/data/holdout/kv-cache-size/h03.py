def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per = 4 if dtype == "fp32" else 2
    d_head = config["d_model"] // config["n_heads"]
    per_layer = config["n_kv_heads"] * d_head * tokens * batch * bytes_per
    return int(per_layer * config["n_layers"])
