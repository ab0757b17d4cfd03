def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    n = tokens
    flops_qk = 2 * batch * heads * n * n * head_dim
    flops_av = 2 * batch * heads * n * n * head_dim
    return {
        "flops": flops_qk + flops_av,
        "memory_bytes": batch * heads * n * n * bytes_per_element,
    }
