def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, L, h, d, T = batch, layers, heads, head_dim, tokens
    matmul_flops = 2 * B * h * T * T * d
    return dict(flops=2 * matmul_flops * L, memory_bytes=B * h * T * d * bytes_per_element)
