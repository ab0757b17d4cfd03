import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    d_model = heads * head_dim
    flops = 4 * batch * tokens ** 2 * d_model * layers
    memory_bytes = batch * tokens ** 2 * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
