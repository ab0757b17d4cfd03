import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    itemsize = {"fp16": 16, "bf16": 16, "fp32": 32}[dtype]
    head_dim = config["d_model"] // config["n_heads"]
    one_tensor = (tokens, config["n_kv_heads"], head_dim)
    elems_per_layer = int(np.prod(one_tensor))
    total = 2 * elems_per_layer * config["n_layers"] * itemsize
    return int(total)
