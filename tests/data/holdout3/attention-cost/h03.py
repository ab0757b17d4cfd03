import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    matmul = 2 * batch * heads * tokens * tokens * head_dim
    flops = 2 * matmul * layers
    scores = batch * heads * tokens * tokens
    memory_bytes = scores * bytes_per_element * layers
    return {"flops": flops, "memory_bytes": memory_bytes}
