import math
import torch

_DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}


def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    nbytes = torch.finfo(_DTYPES[dtype]).bits // 8
    d_head = config["d_model"] // config["n_heads"]
    factors = (n for n in (2, config["n_layers"], config["n_kv_heads"], d_head, tokens, batch, nbytes))
    return math.prod(factors)
