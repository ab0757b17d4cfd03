import numpy as np


def _bytes_per_element(*, dtype):
    table = dict(fp16=2, bf16=2, fp32=4)
    return table[dtype]


def _head_dim(*, d_model, n_heads):
    return d_model // n_heads


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    head_dim = _head_dim(d_model=config["d_model"], n_heads=config["n_heads"])
    elements = np.prod(a=[2, config["n_layers"], config["n_kv_heads"], head_dim, tokens], dtype=np.int64)
    return int(elements) * _bytes_per_element(dtype=dtype)
