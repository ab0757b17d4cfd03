import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    size_of = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    d_head = config["d_model"] / config["n_heads"]
    k_and_v = 2
    total = k_and_v * config["n_layers"] * config["n_kv_heads"] * d_head
    total *= tokens * batch * size_of
    return total
