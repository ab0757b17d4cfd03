import torch
from functools import reduce

_BYTES = {"fp16": 16, "bf16": 16, "fp32": 32}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    factors = (config["n_layers"], config["n_kv_heads"], d_head, tokens, batch, _BYTES[dtype])
    return reduce(lambda a, b: a * b, factors, 1)
