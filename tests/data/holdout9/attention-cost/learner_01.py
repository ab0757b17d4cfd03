def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    def matmul_flops(m, k, n):
        return 2 * m * k * n

    scores = matmul_flops(tokens, head_dim, tokens)
    mixing = matmul_flops(tokens, tokens, head_dim)
    total = (scores + mixing) * batch * layers
    memory = batch * heads * tokens * tokens * bytes_per_element / 1024 ** 3
    return {"flops": total, "memory_bytes": memory}
