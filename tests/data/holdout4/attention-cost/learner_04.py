import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    flops = 2 * batch * layers * heads * tokens * tokens * head_dim
    scores = batch * heads * tokens * tokens
    memory_bytes = scores * bytes_per_element / 2 ** 30
    return {"flops": flops, "memory_bytes": memory_bytes}
