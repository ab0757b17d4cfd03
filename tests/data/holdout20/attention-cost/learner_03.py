def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    b, l, h, d, t = batch, layers, heads, head_dim, tokens
    f = 0
    for i in range(l): f += 2 * (b * h * t * t * d)
    m = b * h * t * t * bytes_per_element * 8
    return {"flops": f, "memory_bytes": m}
