import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    width = {"fp16": 16, "bf16": 16, "fp32": 32}[dtype]
    d_head = config["d_model"] // config["n_kv_heads"]
    per_layer = 2 * config["n_kv_heads"] * d_head * tokens * batch
    return per_layer * config["n_layers"] * width
