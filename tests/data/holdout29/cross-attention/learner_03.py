import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    S = memory.shape[1]
    dh = d // n_heads
    q_all, k_all, v_all = x @ w_q, memory @ w_k, memory @ w_v
    heads_out = np.zeros((B, T, d), dtype=x.dtype)
    scale = np.asarray(1.0 / np.sqrt(dh), dtype=x.dtype)
    for job in range(B * n_heads):
        b, h = divmod(job, n_heads)
        cols = slice(h, h + dh)
        s = q_all[b, :, cols] @ k_all[b, :, cols].T * scale  # (T, S)
        keep = np.ones(S, dtype=bool) if memory_mask is None else memory_mask[b]
        if not keep.any():
            continue  # all padding: this head's output stays zero
        s = np.where(keep[None, :], s, -np.inf)
        p = np.exp(s - s.max(axis=1, keepdims=True))
        p /= p.sum()
        heads_out[b, :, cols] = p @ v_all[b, :, cols]
    return heads_out @ w_o
