import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    hd = d // n_heads

    def heads(t):
        return t.reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)

    q, k, v = heads(x @ w_q), heads(x @ w_k), heads(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None]
        s = np.where(m, s, -np.inf)
    smax = s.max(-1, keepdims=True)
    smax[np.isneginf(smax)] = 0
    p = np.exp(s - smax)
    den = p.sum(-1, keepdims=True)
    p = p / np.where(den == 0, 1, den)
    o = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (o @ w_o).astype(x.dtype)
