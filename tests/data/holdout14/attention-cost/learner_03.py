def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    d_model = heads * head_dim
    matmul = tokens * tokens * d_model
    flops = 2 * matmul * batch * layers
    mem = batch * heads * tokens * tokens
    mem *= 4
    return dict(flops=flops, memory_bytes=mem)
