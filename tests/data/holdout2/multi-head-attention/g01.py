import numpy as np


def project(x, w, n_heads):
    B, T, d = x.shape
    return (x @ w).reshape(B, T, n_heads, d // n_heads).swapaxes(1, 2)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    q = project(x, w_q, n_heads)
    k = project(x, w_k, n_heads)
    v = project(x, w_k, n_heads)
    s = q @ k.swapaxes(-1, -2) / np.sqrt(d // n_heads)
    if mask is not None:
        mask = mask.reshape((-1, 1, T, T))
        s = np.where(mask, s, -np.inf)
    top = s.max(axis=-1, keepdims=True)
    top[np.isneginf(top)] = 0.0
    e = np.exp(s - top)
    tot = e.sum(axis=-1, keepdims=True)
    p = np.divide(e, tot, out=np.zeros_like(e), where=tot != 0)
    o = (p @ v).swapaxes(1, 2).reshape(B, T, d)
    return (o @ w_o).astype(x.dtype)
