import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    score_elems = heads * tokens * tokens
    per_layer = 2 * score_elems * head_dim * 2  # QK^T and A.V, 2 FLOPs per multiply-add
    return {
        "flops": per_layer * layers,
        "memory_bytes": score_elems * bytes_per_element,
    }
