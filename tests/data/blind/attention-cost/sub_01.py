import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    flops = 4 * batch * layers * heads * tokens * tokens * head_dim
    memory = batch * heads * tokens * tokens * bytes_per_element / 1e9
    return {"flops": flops, "memory_bytes": memory}
