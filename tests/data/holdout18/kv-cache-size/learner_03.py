import numpy as np

BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}
hd = lambda c: c["d_model"] // c["n_kv_heads"]


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    c = config
    n = 2 * c["n_layers"] * c["n_kv_heads"] * hd(c)
    n = n * tokens
    return int(n * BYTES[dtype])
