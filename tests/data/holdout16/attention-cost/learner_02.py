import numpy as np

FLOPS_PER_MAC = 1


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """FLOPs and memory of the attention core.

    Per head:  S = Q K^T  costs  T^2 d  multiply-adds,  O = A V  another T^2 d.
    Total:     F = 2 * L * B * h * T^2 d * FLOPS_PER_MAC
    Scores:    M = B * h * T^2 * bytes   (one layer)
    """
    B, L, h, d, T = batch, layers, heads, head_dim, tokens
    macs_qk = T * T * d
    macs_av = T * T * d
    F = L * B * h * (macs_qk + macs_av) * FLOPS_PER_MAC
    M = L * B * h * T ** 2 * bytes_per_element
    return {"flops": int(F), "memory_bytes": int(M)}
