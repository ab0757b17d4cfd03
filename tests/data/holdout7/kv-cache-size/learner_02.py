import torch

BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L = config["n_layers"]
    kv_heads = config["n_kv_heads"]
    d_head = config["d_model"] // config["n_heads"]
    elems = 2 * L * kv_heads * d_head * tokens  # K and V, all layers
    total = elems * BYTES[dtype]
    return total / 2 ** 30  # GB
