import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    # input cells
    B, L, H, D, T, BPE = batch, layers, heads, head_dim, tokens, bytes_per_element
    # row 1: QK^T per head  = 2 * T * T * D   (T x D times D x T, a multiply-add = 2)
    qk_per_head = 2 * T * T * D
    # row 2: A.V per head   = 2 * T * T * D   (T x T times T x D)
    av_per_head = 2 * T * T * D
    # row 3: per layer      = B * H * (row 1 + row 2)
    per_layer = B * H * (qk_per_head + av_per_head)
    # row 4: all layers     = L * row 3
    total_flops = L * per_layer
    # row 5: ONE layer's score matrices = PRODUCT(B, H, T, T, BPE)
    score_bytes = int(np.prod([B, H, T, T, BPE], dtype=np.int64))
    return {"flops": int(total_flops), "memory_bytes": score_bytes}
