def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d, T = batch, layers, heads, head_dim, tokens
    n = B * h * T * (T + 1) // 2
    F = 2 * (2 * n * d)
    M = n * bytes_per_element
    return dict(flops=F, memory_bytes=M)
