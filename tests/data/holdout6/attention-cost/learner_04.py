import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    # QK^T: every query dotted with every key, multiply + add = 2 flops
    flops_per_layer = 2 * batch * heads * tokens * tokens * head_dim
    flops = flops_per_layer * layers
    # the T x T score matrix for every head
    memory_bytes = heads * tokens * tokens * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
