import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d, T = batch, layers, heads, head_dim, tokens
    flops_qk = 2 * B * h * T * T * d
    flops_av = 2 * B * h * T * T * d
    flops = L * (flops_qk + flops_av) // 2
    mem = B * h * T * T * bytes_per_element
    return {"flops": flops, "memory_bytes": mem}
