def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    qk_flops = 2 * tokens * tokens * head_dim      # one head's Q K^T
    av_flops = 2 * tokens * tokens * head_dim      # one head's A V
    per_layer = batch * heads * (qk_flops + av_flops)
    flops = per_layer * layers
    score_elems = heads * tokens * tokens
    memory_bytes = score_elems * bytes_per_element
    return {"flops": flops, "memory_bytes": memory_bytes}
