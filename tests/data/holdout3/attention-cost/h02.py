import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    T = tokens
    qk_flops = 2 * T * head_dim * T
    av_flops = 2 * T * T * head_dim
    per_layer = batch * heads * (qk_flops + av_flops)
    score_elements = batch * heads * T * T
    return {
        "flops": layers * per_layer,
        "memory_bytes": score_elements * bytes_per_element,
    }
