def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    size = {"fp32": 4, "fp16": 2, "bf16": 2}[dtype]
    layers = config["n_layers"]
    heads = config["n_heads"]
    head_dim = config["d_model"] // config["n_heads"]
    total = 2 * layers * heads * head_dim * tokens * size
    return total
