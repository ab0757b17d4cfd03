from functools import reduce
from operator import mul

import numpy as np

DTYPE_BYTES = {name: np.finfo(t).bits for name, t in (("fp16", np.float16), ("fp32", np.float32))}
DTYPE_BYTES["bf16"] = DTYPE_BYTES["fp16"]


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    factors = [2, config["n_layers"], config["n_kv_heads"], d_head, tokens, DTYPE_BYTES[dtype]]
    return reduce(mul, factors, 1)
