import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    k = (x @ w_k).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    v = (x @ w_v).reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)
    scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(dh).astype(x.dtype)
    if mask is not None:
        m = mask[None, :, :, :] if mask.ndim == 3 else mask
        scores = np.where(m, scores, -np.inf)
    mx = scores.max(axis=-1, keepdims=True)
    mx = np.where(np.isfinite(mx), mx, 0.0)
    w = np.exp(scores - mx)
    s = w.sum(axis=-1, keepdims=True)
    w = w / np.where(s > 0, s, 1.0)
    heads = (w @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return heads @ w_o
