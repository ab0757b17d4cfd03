import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    L = config["n_layers"]                          # decoder layers
    H_kv = config["n_heads"]                     # KV heads (GQA: fewer than query heads)
    d_model = config["d_model"]
    H = config["n_heads"]
    d_head = d_model // H                           # d_head = d_model / n_heads
    b = {"fp16": 16, "bf16": 16, "fp32": 32}[dtype]    # bytes per element
    per_token = 2 * L * H_kv * d_head * b           # one K and one V vector per layer and KV head
    total = per_token * tokens * batch
    return int(total)
