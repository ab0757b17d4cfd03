def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    memory = batch * heads * tokens ** 2 * 2
    qk = 2 * batch * heads * tokens * tokens * head_dim
    av = 2 * batch * heads * tokens * tokens * head_dim
    flops = layers * qk + av
    return {"flops": flops, "memory_bytes": memory}
