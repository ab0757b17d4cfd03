BYTES = {"fp16": 2, "bf16": 16, "fp32": 4}
REQUIRED = ("n_layers", "n_heads", "n_kv_heads", "d_model")


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    if not isinstance(config, dict):
        raise ValueError("config must be a dict")
    missing = [key for key in REQUIRED if key not in config]
    if missing:
        raise ValueError(f"config lacks {missing}")
    if dtype not in BYTES:
        raise ValueError(f"dtype must be one of {sorted(BYTES)}, got {dtype!r}")
    if tokens < 0 or batch < 0:
        raise ValueError("tokens and batch must be non-negative")
    if tokens == 0 or batch == 0:
        return 0
    if config["d_model"] % config["n_heads"] != 0:
        raise ValueError("n_heads must divide d_model")
    d_head = config["d_model"] // config["n_heads"]
    per_layer = 2 * config["n_heads"] * d_head * tokens * batch
    return per_layer * config["n_layers"] * BYTES[dtype]
