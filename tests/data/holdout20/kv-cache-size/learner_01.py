import operator
from functools import reduce

BYTES = {"fp16": 2, "bf16": 4, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    factors = [
        2,  # K and V
        config["n_layers"],
        config["n_heads"],
        d_head,
        tokens,
        batch,
        BYTES[dtype],
    ]
    return reduce(operator.mul, factors, 1)
