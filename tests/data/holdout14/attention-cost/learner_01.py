def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk_flops = 2 * batch * heads * tokens * tokens * head_dim
    av_flops = 2 * batch * heads * tokens * tokens * head_dim
    flops = layers * (qk_flops + av_flops)
    memory = batch * heads * tokens ** 2 * 2
    return {"flops": flops, "memory_bytes": memory}
