import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d_h, T = batch, layers, heads, head_dim, tokens
    # S = Q K^T : (T x d_h)(d_h x T) -> T * T * d_h multiply-adds per head, 2 FLOPs each
    flops_qk = 2 * T * T * d_h
    # O = A V : (T x T)(T x d_h) -> T * T * d_h multiply-adds per head, 2 FLOPs each
    flops_av = 2 * T * T * d_h
    # every head of every sequence in every layer
    flops = B * L * h * (flops_qk + flops_av)
    # one layer's score matrices A: B * h * T^2 elements
    n_scores = B * h * np.int64(T) ** 2
    memory_bytes = n_scores * bytes_per_element * L
    return {"flops": int(flops), "memory_bytes": int(memory_bytes)}
