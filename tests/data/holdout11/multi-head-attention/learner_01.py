import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads

    def split(t):
        return t.reshape(B, T, n_heads, dh).transpose(0, 2, 1, 3)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, None]
        s = np.where(m, s, -np.inf)
    mx = np.max(s, axis=-1, keepdims=True)
    e = np.exp(s - np.where(np.isinf(mx), 0, mx))
    z = e.sum(-1, keepdims=True)
    a = e / np.where(z == 0, 1, z)
    out = (a @ v).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype)
