import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, H, D, N = batch, layers, heads, head_dim, tokens
    per_head = 2 * (2 * N * N * D)
    per_layer = B * H * per_head
    total = per_layer
    score_elems = L * B * H * N * N
    return {"flops": int(total), "memory_bytes": int(score_elems * bytes_per_element)}
