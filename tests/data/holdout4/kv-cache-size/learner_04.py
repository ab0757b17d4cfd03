import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """KV-cache size: see TASK.md."""
    sizes = {"fp16": 2, "bf16": 2, "fp32": 4}
    head_dim = config["d_model"] / config["n_heads"]
    k_and_v = 2
    return k_and_v * config["n_layers"] * config["n_kv_heads"] * head_dim * tokens * batch * sizes[dtype]
