import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, H, D, T = batch, layers, heads, head_dim, tokens
    flops = 2 * 2 * B * L * H * T * T * D
    memory_bytes = B * L * H * T * T * bytes_per_element
    return dict(flops=flops, memory_bytes=memory_bytes)
