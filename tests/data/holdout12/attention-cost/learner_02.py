def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk = 2 * batch * heads * tokens * tokens * head_dim
    av = 2 * batch * heads * tokens * head_dim * head_dim
    flops = layers * (qk + av)
    memory = batch * heads * tokens ** 2 * bytes_per_element
    return {"flops": flops, "memory_bytes": memory}
