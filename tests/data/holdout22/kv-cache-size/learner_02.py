import torch

BYTES_PER_ELEMENT = {"fp16": 16, "bf16": 16, "fp32": 32}


def head_dim(config):
    """d_head = d_model / n_heads (the config has no head_dim)."""
    return config["d_model"] // config["n_heads"]


def per_token_bytes(config, dtype):
    """K and V, for every layer and every KV head, one token."""
    return 2 * config["n_layers"] * config["n_heads"] * head_dim(config) * BYTES_PER_ELEMENT[dtype]


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size in bytes for `batch` sequences of `tokens` tokens."""
    if tokens <= 0 or batch <= 0:
        return 0
    return int(per_token_bytes(config, dtype) * tokens * batch)
