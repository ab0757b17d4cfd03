def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    d_head = config["d_model"] // config["n_kv_heads"]
    n_elem = 2 * config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch
    return int(n_elem * bytes_per)
