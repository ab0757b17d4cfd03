import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_head = np.prod([2, tokens, tokens, head_dim], dtype=np.int64)
    flops = int(per_head * heads * layers * batch)
    mem = int(np.prod([batch, heads, tokens, head_dim, bytes_per_element], dtype=np.int64))
    return dict(flops=flops, memory_bytes=mem)
