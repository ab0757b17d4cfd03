import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    nbytes = 2 if dtype == "fp16" else 4
    dh = config["d_model"] / config["n_heads"]
    dims = np.array([config["n_layers"], config["n_kv_heads"], dh, tokens, batch, nbytes])
    return int(np.prod(dims))
