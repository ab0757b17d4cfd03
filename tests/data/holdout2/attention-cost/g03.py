import torch


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    pairs = tokens * (tokens + 1) // 2
    matmul = 2 * pairs * head_dim
    flops = layers * batch * heads * 2 * matmul
    score_bytes = batch * heads * tokens * tokens * bytes_per_element
    return {"flops": flops, "memory_bytes": score_bytes}
