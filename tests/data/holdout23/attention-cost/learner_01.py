import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    # Step 1: one head's score matrix Q K^T is (T x d) @ (d x T): T*T*d multiply-adds.
    qk_macs = tokens * tokens * head_dim
    # Step 2: A V is (T x T) @ (T x d): the same count.
    av_macs = tokens * tokens * head_dim
    # Step 3: a multiply-add is 2 FLOPs; add both products.
    per_head = 2 * (qk_macs + av_macs)
    # Step 4: every head of every sequence in every layer does it.
    flops = per_head * heads * layers
    # Step 5: one layer's score matrices hold B * h * T^2 elements.
    elements = batch * heads * tokens * tokens
    # Step 6: bytes = elements * bytes per element.
    memory_bytes = elements * bytes_per_element * 8
    return {"flops": flops, "memory_bytes": memory_bytes}
