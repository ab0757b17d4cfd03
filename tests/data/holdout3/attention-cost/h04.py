import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk = batch * heads * tokens * tokens * head_dim
    av = batch * heads * tokens * tokens * head_dim
    flops = layers * (qk + av)
    memory_bytes = batch * heads * tokens ** 2 * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
