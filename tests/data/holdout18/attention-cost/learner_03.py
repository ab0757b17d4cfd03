import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d_k, T = batch, layers, heads, head_dim, tokens
    flops_QK = B * h * T * T * d_k          # S = Q K^T: (T x d_k)(d_k x T), multiply-add = 2
    flops_AV = 2 * B * h * T * T * d_k          # O = A V: (T x T)(T x d_k)
    flops_layer = flops_QK + flops_AV
    flops_total = L * flops_layer
    n_scores = B * h * T * T                     # one layer's attention matrices A
    memory_bytes = L * n_scores * bytes_per_element
    return {"flops": flops_total, "memory_bytes": memory_bytes}
