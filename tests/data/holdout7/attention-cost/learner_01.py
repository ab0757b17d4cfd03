import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, H, d, T = batch, layers, heads, head_dim, tokens

    # QK^T: (T x d) @ (d x T) per head -> T*T*d multiply-adds = 2*T*T*d flops
    qk = 2 * T * T * d
    # A @ V: (T x T) @ (T x d) -> same count
    av = 2 * T * T * d
    flops = (qk + av) * B * H * L

    # score matrices of one layer: the raw scores and the softmax probs are both kept
    n_elem = 2 * B * H * T * T
    mem = n_elem * bytes_per_element
    return {"flops": flops, "memory_bytes": mem}
