def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    scores = batch * heads * tokens ** 2
    flops = 4 * scores * head_dim * layers
    return {"flops": flops, "memory_bytes": 2 * scores}
