import torch

DEBUG = False

BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    n_kv = config["n_kv_heads"]
    d_head = config["d_model"] // config["n_kv_heads"]
    if DEBUG:
        print(f"layers={n_layers} kv_heads={n_kv} d_head={d_head}")
    per_token_per_layer = n_kv * d_head * BYTES[dtype]
    total = per_token_per_layer * n_layers * tokens * batch
    if DEBUG:
        print(f"total {total / 2**30:.2f} GiB")
    return total
