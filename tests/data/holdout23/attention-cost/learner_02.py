import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d, n, b = batch, layers, heads, head_dim, tokens, bytes_per_element
    f = 2 * B * L * h * n * n * d
    m = L * B * h * n * n * b
    return {"flops": f, "memory_bytes": m}
