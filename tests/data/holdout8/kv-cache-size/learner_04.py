def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per = {"float16": 2, "bfloat16": 2, "float32": 4}.get(dtype, 4)
    d_head = config["d_model"] // config["n_heads"]
    n_elem = 2 * config["n_layers"] * config["n_kv_heads"] * d_head * tokens
    return int(n_elem * bytes_per)
