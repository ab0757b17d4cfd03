import numpy as np


def _bytes_per(dtype):
    match dtype.lower():
        case "fp16" | "bf16" | "float16" | "bfloat16":
            return 2
        case "fp32" | "float32":
            return 4
        case other:
            raise ValueError(f"unknown dtype {other!r}")


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    match config:
        case {"n_layers": L, "n_heads": H, "n_kv_heads": Hkv, "d_model": d}:
            d_head = d // H
        case _:
            raise KeyError("config needs n_layers, n_heads, n_kv_heads and d_model")
    shape = np.array([2, L, Hkv, d, tokens, batch], dtype=np.int64)
    return shape.prod() * _bytes_per(dtype)
