BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    per_token = 2 * config["n_layers"] * config["n_kv_heads"] * d_head * BYTES[dtype]
    return per_token * tokens * batch
