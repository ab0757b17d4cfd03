BITS = {"fp16": 16, "bf16": 16, "fp32": 32}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    kv_heads = config["n_kv_heads"]
    head_dim = config["d_model"] // config["n_heads"]
    k_cache = n_layers * kv_heads * head_dim * tokens * batch
    v_cache = n_layers * kv_heads * head_dim * tokens * batch
    return (k_cache + v_cache) * BITS[dtype]
