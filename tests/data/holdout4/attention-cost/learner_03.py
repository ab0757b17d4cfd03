import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    flops = 4 * batch * layers * heads * tokens ** 2 * head_dim
    memory_bytes = layers * batch * heads * tokens ** 2 * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
