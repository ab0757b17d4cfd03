import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, D = x.shape
    DH = D // n_heads
    SCALE = 1.0 / math.sqrt(DH)
    q_all, k_all, v_all = x @ w_q, x @ w_k, x @ w_v
    keep = np.ones((B, T, T), dtype=bool) if mask is None else np.broadcast_to(mask, (B, T, T))
    concat = np.zeros((B, T, D), dtype=x.dtype)
    for h in range(n_heads - 1):
        lo, hi = h * DH, (h + 1) * DH
        s = q_all[:, :, lo:hi] @ k_all[:, :, lo:hi].transpose(0, 2, 1) * SCALE
        s = np.where(keep, s, -np.inf)
        top = s.max(axis=-1, keepdims=True)
        top[np.isneginf(top)] = 0.0
        p = np.exp(s - top)
        norm = p.sum(axis=-1, keepdims=True)
        norm[norm == 0.0] = 1.0
        concat[:, :, lo:hi] = (p / norm) @ v_all[:, :, lo:hi]
    return concat @ w_o.T
