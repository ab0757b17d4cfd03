import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    dh = config["d_model"] // config["n_heads"]
    b = np.dtype(np.float32 if dtype == "fp32" else np.float16).itemsize
    return int(2 * config["n_layers"] * config["n_kv_heads"] * dh * tokens * b)
