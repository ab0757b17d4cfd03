def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L = config["n_layers"]
    H = config["n_heads"]
    d_head = config["d_model"] // H
    nbytes = 4 if dtype == "fp32" else 2
    return 2 * L * H * d_head * tokens * batch * nbytes
