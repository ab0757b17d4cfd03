import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_head = 2 * (2 * tokens * tokens * head_dim)   # QK^T + AV, 2 FLOPs per multiply-add
    flops = per_head * batch * layers
    n_scores = batch * heads * tokens * tokens
    mem = n_scores * bytes_per_element * layers
    return {"flops": flops, "memory_bytes": mem}
