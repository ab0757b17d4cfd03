import numpy as np


def rope(x, positions):
    dh = x.shape[-1]
    theta = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = np.outer(positions, theta)
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    out = np.empty_like(x)
    out[..., 0::2] = x[..., 0::2] * cos - x[..., 1::2] * sin
    out[..., 1::2] = x[..., 0::2] * sin + x[..., 1::2] * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    positions = np.arange(T)
    q = rope(q, positions)
    k = rope(k, positions)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    n = start_pos + T
    K = cache_k[:, :n].transpose(0, 2, 3, 1)
    V = cache_v[:, :n].transpose(0, 2, 1, 3)
    s = q.transpose(0, 2, 1, 3) @ K / np.sqrt(dh)
    allowed = np.arange(n)[None, :] <= start_pos + np.arange(T)[:, None]
    s = np.where(allowed, s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    out = (p @ V).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
