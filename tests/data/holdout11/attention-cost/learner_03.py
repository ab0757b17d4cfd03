import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    T = tokens
    per_head = 2 * T * T * head_dim  # 2 flops per multiply-add
    per_layer = per_head * heads * batch
    score_elems = batch * heads * T ** 2
    return {
        "flops": per_layer * layers,
        "memory_bytes": score_elems * bytes_per_element / 1e9,
    }
