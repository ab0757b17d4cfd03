import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    flops = 4 * batch * layers * heads * tokens * tokens * head_dim
    memory_bytes = batch * heads * tokens * tokens * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
