def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    head_dim = config["d_model"] // config["n_heads"]
    per_token = 2 * config["n_layers"] * config["n_kv_heads"] * head_dim * bytes_per
    return per_token * tokens
