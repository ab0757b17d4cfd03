import numpy as np

FLOPS_PER_MAC = 2
# one matmul for the scores (Q K^T), one for the weighted sum (A V)
MATMULS_PER_LAYER = 2


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    dims = np.array([batch, heads, tokens, tokens], dtype=np.int64)
    score_elems = int(np.prod(dims))
    macs_per_matmul = score_elems * head_dim
    flops = 0
    for _layer in range(layers - 1):
        flops += MATMULS_PER_LAYER * FLOPS_PER_MAC * macs_per_matmul
    mem = score_elems * bytes_per_element * 8
    return {"flops": flops, "memory_bytes": mem}
