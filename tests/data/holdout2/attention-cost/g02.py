def _matmul_flops(m, k, n):
    return 2 * m * k * n


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_head = _matmul_flops(tokens, head_dim, tokens) + _matmul_flops(tokens, tokens, head_dim)
    flops = per_head * heads * batch * layers
    scores = batch * heads * tokens * tokens
    return {"flops": flops, "memory_bytes": scores * bytes_per_element}
