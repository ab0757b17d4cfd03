import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    per_layer = 4 * batch * heads * tokens ** 2 * head_dim
    total_flops = per_layer * layers
    scores = batch * heads * tokens ** 2 * layers
    mem = scores * bytes_per_element
    return {"flops": total_flops, "memory_bytes": mem}
