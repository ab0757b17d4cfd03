import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    score_elems = batch * heads * tokens * tokens
    flops = 2 * 2 * score_elems * head_dim * layers
    memory = score_elems * bytes_per_element * layers
    return {"flops": int(flops), "memory_bytes": int(memory)}
