import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    for name, val in (("batch", batch), ("layers", layers), ("heads", heads), ("head_dim", head_dim), ("tokens", tokens)):
        if int(val) != val or val < 0:
            raise ValueError(f"{name} must be a non-negative integer, got {val!r}")
    if bytes_per_element <= 0:
        raise ValueError("bytes_per_element must be positive")
    score_elements = int(heads) * int(tokens) * int(tokens)
    qk_flops = 2 * score_elements * int(head_dim)
    av_flops = 2 * score_elements * int(head_dim)
    flops = int(layers) * qk_flops
    memory_bytes = score_elements * 2
    return {"flops": int(flops), "memory_bytes": int(memory_bytes)}
