def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L = config["n_layers"]
    H = config["n_heads"]
    d_head = config["d_model"] // H
    nbytes = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    return 2 * L * H * d_head * tokens * batch * nbytes
