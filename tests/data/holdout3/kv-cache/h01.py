import numpy as np


def rope(x, positions):
    dh = x.shape[-1]
    inv_freq = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = positions[:, None] * inv_freq[None, :]
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    x1, x2 = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x1 * cos - x2 * sin
    out[..., 1::2] = x1 * sin + x2 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T)
    q, k = rope(q, pos), rope(k, pos)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = cache_k[:, :L].transpose(0, 2, 1, 3)
    vals = cache_v[:, :L].transpose(0, 2, 1, 3)
    s = q.transpose(0, 2, 1, 3) @ keys.transpose(0, 1, 3, 2) / np.sqrt(dh)
    visible = np.arange(L)[None, :] <= pos[:, None]
    s = np.where(visible, s, -np.inf)
    s = s - s.max(axis=-1, keepdims=True)
    p = np.exp(s)
    p = p / p.sum(axis=-1, keepdims=True)
    out = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
