import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    return 2 * config["n_layers"] * config["n_kv_heads"] * (config["d_model"] // config["n_heads"]) * tokens * batch * {"fp16": 2, "bf16": 2, "fp32": 4}[dtype]
