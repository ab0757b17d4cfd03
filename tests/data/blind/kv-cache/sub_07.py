import numpy as np


def rope(t, pos):
    dh = t.shape[-1]
    theta = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = pos[:, None] * theta
    c = np.cos(ang)[:, None, :]
    s = np.sin(ang)[:, None, :]
    out = t.copy()
    out[..., 0::2] = t[..., 0::2] * c - t[..., 1::2] * s
    out[..., 1::2] = t[..., 0::2] * s + t[..., 1::2] * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = np.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).reshape(B, T, n_heads, dh), pos)
    k = rope((x @ w_k).reshape(B, T, n_heads, dh), pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    att = np.einsum("bqhd,bkhd->bhqk", q, cache_k[:, :L]) / np.sqrt(dh)
    att = np.where(np.arange(L)[None, :] <= pos[:, None], att, -np.inf)
    att = np.exp(att - att.max(axis=-1, keepdims=True))
    att /= att.sum(axis=-1, keepdims=True)
    y = np.einsum("bhqk,bkhd->bqhd", att, cache_v[:, :L]).reshape(B, T, d)
    return (y @ w_o).astype(x.dtype), cache_k, cache_v
