import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    n_layers = config["n_layers"]
    n_heads = config["n_heads"]
    n_kv = config["n_kv_heads"]
    d_model = config["d_model"]
    d_head = d_model // n_kv
    if dtype in ("fp16", "bf16"):
        nbytes = 2
    elif dtype == "fp32":
        nbytes = 4
    else:
        raise ValueError(dtype)
    # the factors as a column vector, multiplied out as MATLAB's prod()
    dims = np.array([[2], [n_layers], [n_kv], [d_head], [tokens], [batch], [nbytes]], dtype=np.int64)
    return int(np.prod(dims))
