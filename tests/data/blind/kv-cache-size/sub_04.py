import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    bytes_per = {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
    n_layers = config["n_layers"]
    n_heads = config["n_heads"]
    d_head = config["d_model"] // n_heads
    return 2 * n_layers * n_heads * d_head * tokens * batch * bytes_per
