import numpy as np

GiB = 1024 ** 3


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    # one head, one layer: Q @ K^T is T*T dot products of length head_dim
    flops_scores = 2 * tokens ** 2 * head_dim
    flops_per_layer = batch * heads * flops_scores
    total_flops = layers * flops_per_layer

    # memory: the (T, T) score matrix of every head, one layer
    scores_elems = batch * heads * tokens ** 2
    memory = scores_elems * bytes_per_element / GiB
    return {"flops": total_flops, "memory_bytes": memory}
