import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """FLOPs of QK^T and A.V over all layers, and bytes of one layer's score matrices.

    QK^T: (T, d) x (d, T) per head -> 2 * T * T * d FLOPs (a multiply-add is 2).
    A.V:  (T, T) x (T, d) per head -> 2 * T * T * d FLOPs.
    """
    if tokens == 0:
        return {"flops": 0, "memory_bytes": 0}
    qk_flops = 2 * tokens * tokens * head_dim
    av_flops = 2 * tokens * tokens * head_dim
    per_layer = batch * heads * (qk_flops + av_flops)
    flops = layers * per_layer
    memory_bytes = layers * batch * heads * tokens * tokens * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
