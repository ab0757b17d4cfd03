import numpy as np


def bytesPerElement(dtype):
    if dtype in ("fp16", "bf16"):
        return 2
    if dtype == "fp32":
        return 4
    raise ValueError("unknown dtype " + str(dtype))


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    for key in ("n_layers", "n_heads", "n_kv_heads", "d_model"):
        if key not in config:
            raise ValueError("config missing " + key)
    nLayers = config["n_layers"]
    headDim = config["d_model"] // config["n_heads"]
    perToken = config["n_kv_heads"] * headDim * bytesPerElement(dtype)
    total = 0
    for layer in range(nLayers):
        total += perToken * tokens * batch
    return int(total) // 1024 ** 3
