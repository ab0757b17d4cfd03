import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """FLOPs of QK^T and A.V over all layers, and bytes of one layer's score matrices.

    A (T, d) x (d, T) product costs 2 * T * T * d FLOPs (one multiply and one add per term).
    """
    # step 1: one head's QK^T: (T, d) @ (d, T)
    qk_flops = 2 * tokens * head_dim * tokens
    # step 2: one head's A.V: (T, T) @ (T, d)
    av_flops = 2 * tokens * tokens * head_dim
    # step 3: every head of every sequence in every layer
    total_flops = (qk_flops + av_flops) / 2 * heads * batch * layers
    # step 4: one layer's score matrices, B * h * T^2 elements
    score_elements = batch * heads * tokens * tokens
    memory_bytes = score_elements * bytes_per_element
    return {"flops": int(total_flops), "memory_bytes": int(memory_bytes)}
