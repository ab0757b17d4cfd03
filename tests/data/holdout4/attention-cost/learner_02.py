import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    qk = 2 * batch * heads * tokens * tokens * head_dim  # Q K^T: T*T dot products of length d
    av = 2 * batch * heads * tokens * tokens * head_dim  # A V: same shape of work
    flops = layers * (qk + av)
    memory_bytes = batch * heads * tokens * tokens * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
