def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    qk = 2 * batch * heads * tokens * tokens * head_dim   # QK^T, a multiply-add is 2 FLOPs
    av = 2 * batch * heads * tokens * head_dim * head_dim   # A @ V
    flops = layers * (qk + av)
    scores = batch * heads * tokens * tokens
    return {"flops": flops, "memory_bytes": scores * 4}
