import numpy as np


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    itemsize = np.dtype({"fp16": np.float16, "bf16": np.float16, "fp32": np.float32}[dtype]).itemsize
    d_head = config["d_model"] // config["n_heads"]
    elems = config["n_layers"] * config["n_kv_heads"] * d_head * tokens * batch
    return int(elems * itemsize)
