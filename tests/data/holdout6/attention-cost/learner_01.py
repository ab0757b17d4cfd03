import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    """Attention FLOPs and memory: see TASK.md."""
    B, L, h, d, T = batch, layers, heads, head_dim, tokens
    qk_flops = 2 * T * T * d        # (T x d) @ (d x T), one head
    av_flops = 2 * T * T * d        # (T x T) @ (T x d), one head
    flops = (qk_flops + av_flops) * B * h * L
    score_elems = B * h * T * T     # one layer's attention matrices
    return {"flops": flops, "memory_bytes": score_elems * bytes_per_element}
