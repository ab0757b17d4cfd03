import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads, mask=None):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    k = (x @ w_k).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    v = (x @ w_v).reshape(B, T, n_heads, hd).transpose(0, 2, 1, 3)
    att = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd)
    if mask is not None:
        if mask.ndim == 3:
            mask = mask[:, None]
        att = np.where(mask, att, -np.inf)
    m = att.max(axis=-1, keepdims=True)
    m[np.isneginf(m)] = 0.0
    att = np.exp(att - m)
    tot = att.sum(axis=-1, keepdims=True)
    att = att / np.where(tot == 0, 1.0, tot)
    y = (att @ v).transpose(0, 2, 3, 1).reshape(B, T, d)
    return (y @ w_o).astype(x.dtype)
