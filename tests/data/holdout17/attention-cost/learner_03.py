import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    b, l, h, d, t = batch, layers, heads, head_dim, tokens
    f = 2 * t * t * d
    f *= b * l * h
    m = b * l * h * t * t
    return {"flops": f, "memory_bytes": m * bytes_per_element}
