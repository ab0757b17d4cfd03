import numpy as np

_BYTES = {"fp16": 2, "bf16": 4, "fp32": 4}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head, rest = divmod(config["d_model"], config["n_heads"])
    assert rest == 0, "d_model must split evenly into heads"
    per_token = 2 * config["n_layers"] * config["n_kv_heads"] * d_head * _BYTES[dtype]
    total = np.int64(per_token) * tokens * batch
    return int(total)
