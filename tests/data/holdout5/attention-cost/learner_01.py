import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d, T = batch, layers, heads, head_dim, tokens
    flops_per_layer = 4 * B * h * T**2 * d
    total_flops = L * flops_per_layer
    score_bytes = B * h * T**2 * bytes_per_element
    memory = score_bytes / 2**30  # in GiB
    return {"flops": total_flops, "memory_bytes": memory}
