import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d, T = batch, layers, heads, head_dim, tokens
    matmuls = 2  # QK^T and A.V
    flops = matmuls * 2 * B * h * T * 2 * d * L
    mem = B * h * T ** 2 * bytes_per_element
    return {"flops": int(flops), "memory_bytes": int(mem)}
