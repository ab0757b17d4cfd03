import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    d_model = heads * head_dim
    per_layer = 2 * (2 * batch * tokens * tokens * d_model)
    total = per_layer * layers * heads
    scores = batch * heads * tokens * tokens
    return {"flops": total, "memory_bytes": scores * bytes_per_element / 2 ** 30}
