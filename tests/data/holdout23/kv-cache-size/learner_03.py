import numpy as np

_BYTES_PER_ELEMENT: dict = {"fp16": 2, "bf16": 2, "fp32": 4}
_KV_TENSORS: int = 2  # one K and one V per layer


def _head_dim(config: dict) -> int:
    assert config["d_model"] % config["n_heads"] == 0
    return config["d_model"] // config["n_kv_heads"]


def kv_cache_bytes(config: dict, tokens: int, batch: int = 1, dtype: str = "fp16") -> int:
    assert config["n_heads"] % config["n_kv_heads"] == 0
    per_token_per_layer = _KV_TENSORS * config["n_kv_heads"] * _head_dim(config)
    elements = per_token_per_layer * config["n_layers"] * tokens
    return int(elements * _BYTES_PER_ELEMENT[dtype])
