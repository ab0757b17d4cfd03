import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    # x/ over the shapes: each matmul is x/ M K N, doubled for the multiply-add
    qk_shape = np.array([tokens, head_dim, tokens], dtype=np.int64)
    av_shape = np.array([tokens, tokens, head_dim], dtype=np.int64)
    per_head = np.prod(qk_shape) + np.prod(av_shape)
    flops = np.prod([batch, layers, heads], dtype=np.int64) * per_head
    mem = np.prod([batch, heads, tokens, head_dim, bytes_per_element], dtype=np.int64)
    return {"flops": int(flops), "memory_bytes": int(mem)}
