import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).reshape(B, n_heads, T, hd)
    k = (x @ w_k).reshape(B, n_heads, T, hd)
    v = (x @ w_v).reshape(B, n_heads, T, hd)
    s = q @ k.transpose(0, 1, 3, 2) / hd ** 0.5
    if mask is not None:
        m = mask if mask.ndim == 3 else mask[None]
        s = np.where(m[:, None], s, -np.inf)
    top = s.max(-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0)
    e = np.exp(s - top)
    z = e.sum(-1, keepdims=True)
    p = e / np.where(z > 0, z, 1)
    o = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return o @ w_o
