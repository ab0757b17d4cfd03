import torch


def _matmul_flops(m, k, n):
    """(m, k) @ (k, n): m*n outputs, each k multiply-adds of 2 FLOPs."""
    return 2 * m * k * n


assert _matmul_flops(2, 3, 4) == 48


def _score_elements(batch, heads, tokens):
    return batch * heads * tokens * tokens


assert _score_elements(1, 1, 3) == 9


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk = _matmul_flops(tokens, head_dim, tokens)
    av = _matmul_flops(tokens, tokens, head_dim)
    per_layer = batch * heads * (qk + av)
    flops = layers * per_layer
    memory_bytes = _score_elements(batch, heads, tokens) * layers * bytes_per_element
    assert flops > 0 and memory_bytes > 0
    return {"flops": flops, "memory_bytes": memory_bytes}
