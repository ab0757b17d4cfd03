import numpy as np


def attention_cost(batch, layers, heads, head_dim, tokens, bytes_per_element=2):
    # exact integer arithmetic: Python ints never overflow (np.int32 would)
    B, L, H, D, T = (int(batch), int(layers), int(heads), int(head_dim), int(tokens))
    bpe = int(bytes_per_element)
    macs_qk = B * H * T * T * D  # Q K^T: (T, D) x (D, T) per head
    macs_av = B * H * T * T * D  # A V: (T, T) x (T, D) per head
    flops_per_layer = 2 * macs_qk
    flops = L * flops_per_layer
    score_elems = B * H * T * T
    memory_bytes = L * score_elems * bpe
    return {"flops": int(flops), "memory_bytes": int(memory_bytes)}
