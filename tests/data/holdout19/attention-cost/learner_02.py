import numpy as np


def countMatmulFlops(m, n, k):
    return m * n * k


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    if batch <= 0 or layers <= 0 or heads <= 0 or head_dim <= 0 or tokens <= 0:
        raise ValueError("all sizes must be positive")
    if bytes_per_element <= 0:
        raise ValueError("bytes_per_element must be positive")
    perHead = countMatmulFlops(tokens, tokens, head_dim) + countMatmulFlops(tokens, head_dim, tokens)
    totalFlops = 0
    for layer in range(layers):
        totalFlops += batch * heads * perHead
    scoreElements = batch * heads * tokens * tokens
    memoryBytes = scoreElements * bytes_per_element / 2 ** 30
    return {"flops": totalFlops, "memory_bytes": memoryBytes}
