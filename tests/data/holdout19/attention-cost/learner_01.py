import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    return {"flops": 2 * (n := batch * heads * tokens ** 2) * head_dim * layers,
            "memory_bytes": n * bytes_per_element * layers}
