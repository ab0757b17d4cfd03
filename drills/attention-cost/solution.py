def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    per_layer = 2 * 2 * batch * heads * tokens * tokens * head_dim  # QK^T and A.V, 2 FLOPs per multiply-add
    return {"flops": per_layer * layers,
            "memory_bytes": batch * heads * tokens * tokens * bytes_per_element}
