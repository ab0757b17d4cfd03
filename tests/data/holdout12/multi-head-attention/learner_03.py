import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads

    def heads(t):
        return t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)

    q, k, v = heads(x @ w_q), heads(x @ w_k), heads(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / d ** 0.5
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None]
        s = np.where(m, s, -np.inf)
    s_max = s.max(axis=-1, keepdims=True)
    s_max[~np.isfinite(s_max)] = 0.0
    e = np.exp(s - s_max)
    tot = e.sum(axis=-1, keepdims=True)
    a = e / np.where(tot == 0, 1, tot)
    out = (a @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return out @ w_o
