def _matmul_flops(m, k, n):
    return 2 * m * k * n


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_head = _matmul_flops(tokens, head_dim, tokens) + _matmul_flops(tokens, tokens, head_dim)
    total = 0
    for _ in range(layers):
        total += batch * heads * per_head
    score_elems = batch * heads * tokens * tokens
    return {"flops": total, "memory_bytes": score_elems * bytes_per_element}
