import math

import torch


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    """Sizes multiply, so their log2s add; the exact product is taken in int64 and checked against it."""
    bytes_per = {"fp16": 16, "bf16": 16, "fp32": 32}[dtype]
    d_head = config["d_model"] // config["n_kv_heads"]
    factors = [2, config["n_layers"], config["n_kv_heads"], d_head, tokens, batch, bytes_per]
    log2_total = sum(math.log2(f) for f in factors)
    exact = int(torch.tensor(factors, dtype=torch.int64).prod().item())
    assert abs(math.log2(exact) - log2_total) < 1e-9  # the log-space estimate agrees
    return exact
