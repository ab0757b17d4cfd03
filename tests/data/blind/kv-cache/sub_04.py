import numpy as np


def rope(t, pos):
    dh = t.shape[-1]
    i = np.arange(dh // 2)
    theta = 10000.0 ** (-2.0 * i / dh)
    ang = pos[:, None] * theta
    cos, sin = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
    a, b = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = a * cos - b * sin
    out[..., 1::2] = a * sin + b * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    pos = np.arange(start_pos, start_pos + T)
    q = rope((x @ w_q).reshape(B, T, n_heads, dh), pos)
    k = rope((x @ w_k).reshape(B, T, n_heads, dh), pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos] = k[:, -1]
    cache_v[:, start_pos] = v[:, -1]
    n = start_pos + T
    s = np.einsum("bthd,bshd->bhts", q, cache_k[:, :n]) / np.sqrt(dh)
    s = np.where(np.arange(n)[None, :] <= pos[:, None], s, -np.inf)
    s = np.exp(s - s.max(-1, keepdims=True))
    s = s / s.sum(-1, keepdims=True)
    o = np.einsum("bhts,bshd->bthd", s, cache_v[:, :n]).reshape(B, T, d)
    return (o @ w_o).astype(x.dtype), cache_k, cache_v
