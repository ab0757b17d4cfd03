def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_head_matmul = 2 * tokens * tokens * head_dim
    per_layer = 2 * per_head_matmul * heads * batch
    elements = batch * heads * tokens * tokens
    return dict(flops=per_layer * layers, memory_bytes=elements * bytes_per_element / 2 ** 30)
