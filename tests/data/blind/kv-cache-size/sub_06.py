def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bits = {"fp16": 16, "bf16": 16, "fp32": 32}[dtype]
    d_head = config["d_model"] // config["n_heads"]
    k_cache = config["n_kv_heads"] * d_head * tokens * batch * bits
    v_cache = config["n_kv_heads"] * d_head * tokens * batch * bits
    return k_cache + v_cache
