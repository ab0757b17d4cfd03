import numpy as np

_BYTES = {"fp16": 2, "bf16": 2, "fp32": 4}


def _head_dim(config):
    return config["d_model"] // config["n_heads"]


assert _head_dim({"d_model": 8192, "n_heads": 64}) == 128


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    per_token = 2 * config["n_layers"] * config["n_heads"] * _head_dim(config) * _BYTES[dtype]
    total = per_token * tokens * batch
    assert total >= 0
    return int(total)
