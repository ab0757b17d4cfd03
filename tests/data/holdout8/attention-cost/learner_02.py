def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk_flops = 2 * batch * heads * tokens * tokens * head_dim
    av_flops = 2 * batch * heads * tokens * tokens * head_dim
    flops = layers * qk_flops + av_flops
    memory_bytes = batch * heads * tokens * head_dim * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
