import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    # QK^T: per head a (T, d) x (d, T) product -> T*T outputs, each of d multiply-adds (2 FLOPs each)
    qk_flops = 2 * tokens * tokens * head_dim
    # A.V: per head a (T, T) x (T, d) product -> T*d outputs, each of T multiply-adds
    av_flops = 2 * tokens * head_dim * tokens
    # every head of every sequence in every layer does both products
    flops = (qk_flops + av_flops) * heads * batch
    # one layer's score matrices: one (T, T) matrix per head per sequence
    score_elements = batch * heads * tokens * tokens
    memory_bytes = score_elements * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
