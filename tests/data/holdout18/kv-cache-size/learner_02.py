import numpy as np
from typing import NamedTuple


class CacheDims(NamedTuple):
    layers: int
    kv_heads: int
    head_dim: int
    tokens: int
    batch: int


def _bytes_per_element(dtype: str) -> int:
    match dtype:
        case "fp16" | "bf16":
            return 16
        case "fp32":
            return 4
        case _:
            raise ValueError(f"unknown dtype {dtype!r}")


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    for key in ("n_layers", "n_heads", "n_kv_heads", "d_model"):
        assert key in config, f"config is missing {key}"
    assert config["d_model"] % config["n_heads"] == 0
    assert config["n_heads"] % config["n_kv_heads"] == 0
    dims = CacheDims(
        layers=config["n_layers"],
        kv_heads=config["n_kv_heads"],
        head_dim=config["d_model"] // config["n_heads"],
        tokens=int(tokens),
        batch=int(batch),
    )
    per_token = dims.layers * dims.kv_heads * dims.head_dim
    return per_token * dims.tokens * dims.batch * _bytes_per_element(dtype)
