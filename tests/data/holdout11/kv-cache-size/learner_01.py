def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    bytes_per = 2 if dtype == "fp16" else 4
    per_token = 2 * config["n_layers"] * config["n_heads"] * d_head * bytes_per
    return per_token * tokens * batch
