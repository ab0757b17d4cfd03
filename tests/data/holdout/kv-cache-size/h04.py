_WIDTH = {"fp16": 2, "float16": 2, "half": 2, "bf16": 2, "bfloat16": 2, "fp32": 4, "float32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    head_dim = config["d_model"] // config["n_heads"]
    per_token_per_layer = 2 * config["n_kv_heads"] * head_dim
    elems = per_token_per_layer * config["n_layers"] * tokens * batch
    return int(elems * _WIDTH[str(dtype).lower()])
