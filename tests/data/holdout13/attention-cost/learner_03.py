import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    scores = np.prod([batch, heads, tokens, tokens], dtype=np.int32)
    flops_per_layer = 2 * scores * head_dim * 2
    total = flops_per_layer * layers
    mem = scores * bytes_per_element * layers
    return {"flops": int(total), "memory_bytes": int(mem)}
