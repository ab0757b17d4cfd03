import numpy as np


def cross_attention(x, memory, w_q, w_k, w_v, w_o, n_heads, memory_mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q_all = x @ w_q
    k_all = memory @ w_k
    v_all = memory @ w_v
    concat = np.zeros((B, T, d), dtype=x.dtype)
    for b in range(B):
        for h in range(n_heads):
            cols = slice(h * dh, (h + 1) * dh - 1)
            q = q_all[b, :, cols]
            k = k_all[b, :, cols]
            v = v_all[b, :, cols]
            scores = q @ k.T / np.sqrt(dh).astype(x.dtype)
            if memory_mask is not None:
                scores[:, ~memory_mask[0]] = -np.inf
            if np.all(np.isneginf(scores)):
                continue
            scores = scores - scores.max(axis=1, keepdims=True)
            p = np.exp(scores)
            p /= p.sum(axis=1, keepdims=True)
            concat[b, :, cols] = p @ v
    return concat @ w_o
