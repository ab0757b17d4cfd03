import numpy as np

BYTES_PER_ELEMENT = {"fp16": 2, "bf16": 2, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    # %% [1] per-head width (the config has no head_dim)
    s1_d_head = config["d_model"] // config["n_heads"]
    # %% [2] one token in one layer: K and V, n_kv_heads x d_head each
    s2_per_token_layer = 2 * config["n_heads"] * s1_d_head
    # %% [3] all layers, tokens and sequences
    s3_elements = np.prod([s2_per_token_layer, config["n_layers"], tokens, batch], dtype=np.int64)
    # %% [4] bytes
    s4_bytes = int(s3_elements) * BYTES_PER_ELEMENT[dtype]
    return s4_bytes
