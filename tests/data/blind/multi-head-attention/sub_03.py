import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (x @ w_k).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    v = (x @ w_v).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    m = scores.max(axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    e = np.exp(scores - m)
    s = e.sum(axis=-1, keepdims=True)
    p = np.where(s > 0, e / np.where(s > 0, s, 1.0), 0.0)
    out = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d) @ w_o
    return out.astype(x.dtype)
