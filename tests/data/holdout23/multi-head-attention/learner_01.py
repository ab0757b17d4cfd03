import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    h, e = n_heads, d // n_heads
    f = lambda w: (x @ w).reshape(B, T, h, e).transpose(0, 2, 1, 3)
    q, k, v = f(w_q), f(w_k), f(w_v)
    s = q @ k.transpose(0, 1, 3, 2) / d ** 0.5
    if mask is not None:
        s = np.where(mask[:, None] if mask.ndim == 3 else mask, s, -np.inf)
    m = s.max(-1, keepdims=True)
    p = np.exp(s - np.where(np.isfinite(m), m, 0))
    z = p.sum(-1, keepdims=True)
    p = p / np.where(z > 0, z, 1)
    return (p @ v).reshape(B, T, d) @ w_o
