def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    flops_per_layer = 4 * batch * heads * tokens ** 2 * head_dim
    scores_per_layer = batch * heads * tokens ** 2
    return {
        "flops": layers * flops_per_layer,
        "memory_bytes": layers * scores_per_layer * bytes_per_element,
    }
