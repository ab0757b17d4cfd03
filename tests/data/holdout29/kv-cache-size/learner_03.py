import functools

import torch


def returns_int(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return int(fn(*args, **kwargs))
    return wrapper


def per_element(fn):
    """Turn the wrapped count of cached elements into bytes for the dtype the call names."""
    sizes = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}

    @functools.wraps(fn)
    def wrapper(config, tokens, batch=1, dtype="fp16"):
        itemsize = torch.finfo(sizes[dtype]).bits
        return fn(config, tokens, batch) * itemsize
    return wrapper


@returns_int
@per_element
def kv_cache_bytes(config, tokens, batch=1, dtype="fp16"):
    d_head = config["d_model"] // config["n_heads"]
    per_layer = 2 * config["n_heads"] * d_head
    return per_layer * config["n_layers"] * tokens * batch
