import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk = 2 * batch * heads * tokens * head_dim * tokens
    av = 2 * batch * heads * tokens * tokens * head_dim
    flops = qk + av
    memory_bytes = batch * tokens * tokens * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
