import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    T = tokens
    per_layer = batch * heads * (T * T * head_dim + T * T * head_dim)
    flops = per_layer * layers
    mem = batch * heads * T * T * bytes_per_element
    return {"flops": flops, "memory_bytes": mem}
