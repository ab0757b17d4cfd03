import numpy as np


def _rope(t, pos):
    # t (B, T, H, dh), pos (T,): rotate the pairs (2i, 2i+1)
    dh = t.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = pos[:, None] * inv[None, :]
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    a, b = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = a * cos - b * sin
    out[..., 1::2] = a * sin + b * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T)
    q, k = _rope(q, pos), _rope(k, pos)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = cache_k[:, :L].transpose(0, 2, 1, 3)
    vals = cache_v[:, :L].transpose(0, 2, 1, 3)
    qh = q.transpose(0, 2, 1, 3)
    s = qh @ keys.transpose(0, 1, 3, 2) / np.sqrt(dh)
    allowed = np.arange(L)[None, :] <= (start_pos + np.arange(T))[:, None]
    s = np.where(allowed, s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(-1, keepdims=True)
    o = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (o @ w_o).astype(x.dtype), cache_k, cache_v
