import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk_flops = 2 * batch * heads * tokens * tokens * head_dim
    av_flops = 2 * batch * heads * tokens * tokens * head_dim
    flops = layers * (qk_flops + av_flops)
    score_elems = batch * heads * tokens ** 2
    return {"flops": flops, "memory_bytes": score_elems * bytes_per_element}
