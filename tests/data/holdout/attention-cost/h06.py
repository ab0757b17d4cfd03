import math


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    score_shape = (batch, heads, tokens, tokens)
    n_scores = math.prod(score_shape)
    flops = layers * 2 * n_scores * head_dim
    bits = n_scores * bytes_per_element * 8
    return {"flops": flops, "memory_bytes": bits}
