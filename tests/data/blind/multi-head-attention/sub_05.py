import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    def heads(t):
        return t.reshape(B, T, -1, n_heads).transpose(0, 3, 1, 2)
    q, k, v = heads(x @ w_q), heads(x @ w_k), heads(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
    if mask is not None:
        s = np.where(mask.reshape(-1, 1, T, T), s, -np.inf)
    m = s.max(-1, keepdims=True)
    m[np.isinf(m)] = 0
    p = np.exp(s - m)
    n = p.sum(-1, keepdims=True)
    p = np.where(n > 0, p / np.where(n > 0, n, 1), 0)
    o = (p @ v).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (o @ w_o).astype(x.dtype)
