import math

import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    batch, n_q_heads, q_len, head_dim = q.shape
    n_kv_heads, kv_len = k.shape[1], k.shape[2]
    # how many query heads share one key/value head
    group_size = n_q_heads // n_kv_heads
    out = np.zeros_like(q)
    # bottom-right causal mask: query i may see keys up to i + (kv_len - q_len)
    visible = np.tril(np.ones((q_len, kv_len), dtype=bool), k=kv_len - q_len - 1)
    for h in range(n_q_heads):
        # query head h reads the key/value head of its group
        kv = h // n_kv_heads
        scores = q[:, h] @ k[:, kv].transpose(0, 2, 1) / math.sqrt(head_dim)
        if causal:
            scores = np.where(visible, scores, -np.inf)
        # stable softmax over the keys; rows with no visible key stay zero
        peak = scores.max(axis=-1, keepdims=True)
        peak = np.where(np.isfinite(peak), peak, 0.0)
        weights = np.exp(scores - peak)
        norm = weights.sum(axis=-1, keepdims=True)
        weights = weights / np.where(norm > 0, norm, 1.0)
        out[:, h] = weights @ v[:, kv]
    return out
