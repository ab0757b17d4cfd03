from typing import Dict, Mapping

BYTES_PER_ELEMENT: Dict[str, int] = {"fp16": 2, "bf16": 2, "fp32": 4}
KV_TENSORS: int = 2  # one K and one V per layer


def _head_dim(config: Mapping[str, int]) -> int:
    """d_head = d_model / n_heads (the config carries no head_dim)."""
    d_model, n_heads = int(config["d_model"]), int(config["n_heads"])
    if d_model % n_heads:
        raise ValueError(f"d_model {d_model} is not a multiple of n_heads {n_heads}")
    return d_model // n_heads


def kv_cache_bytes(config: Mapping[str, int], tokens: int, batch: int = 1, dtype: str = "fp16") -> int:
    if dtype not in BYTES_PER_ELEMENT:
        raise ValueError(f"unknown dtype {dtype!r}")
    elements = KV_TENSORS * int(config["n_layers"]) * int(config["n_kv_heads"]) * _head_dim(config) * tokens * batch
    return elements * BYTES_PER_ELEMENT[dtype]
