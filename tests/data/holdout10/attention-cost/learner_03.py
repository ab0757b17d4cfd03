def matmul_flops(m, k, n):
    return 2 * m * k * n


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    T, d = tokens, head_dim
    one_head = matmul_flops(T, d, T) + matmul_flops(T, d, d)
    total = one_head * heads * batch * layers
    mem = T * d * heads * batch * bytes_per_element
    return dict(flops=total, memory_bytes=mem)
