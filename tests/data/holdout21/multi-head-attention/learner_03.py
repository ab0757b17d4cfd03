import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    dh = d // n_heads
    qkv = np.stack([x @ w_q, x @ w_k, x @ w_v])                            # (3, B, T, d)
    q, k, v = qkv.reshape(3, B, T, dh, n_heads).transpose(0, 1, 3, 2, 4)   # (3, B, H, T, dh)
    s = q @ k.swapaxes(-1, -2) * dh ** -0.5
    if mask is not None:
        m = mask if mask.ndim == 2 else mask[:, np.newaxis]
        s = np.where(m, s, -np.inf)
    mx = s.max(axis=-1, keepdims=True)
    e = np.exp(s - np.where(np.isneginf(mx), 0, mx))
    z = e.sum(axis=-1, keepdims=True)
    p = e / np.maximum(z, np.finfo(x.dtype).tiny)
    o = (p @ v).reshape(B, T, d)
    return o @ w_o
