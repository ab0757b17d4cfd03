def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per = int(dtype[-2:])
    d_head = config["d_model"] // config["n_heads"]
    n_elem = 2 * config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch
    return int(n_elem * bytes_per)
