def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    B, h, d, T = batch, heads, head_dim, tokens
    qk = 2 * B * h * T * T * d
    av = 2 * B * h * T * T * d
    flops = qk + av
    mem = B * h * T ** 2 * bytes_per_element / 1e9
    return {"flops": flops, "memory_bytes": mem}
