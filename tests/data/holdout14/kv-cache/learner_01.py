import numpy as np


def _rope(x, pos):
    d = x.shape[-1]
    inv = 10000.0 ** (-np.arange(0, d, 2) / d)
    ang = pos[:, None] * inv[None, :]
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    x0, x1 = x[..., 0::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., 0::2] = x0 * cos - x1 * sin
    out[..., 1::2] = x0 * sin + x1 * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd)
    k = (x @ w_k).reshape(B, T, n_heads, hd)
    v = (x @ w_v).reshape(B, T, n_heads, hd)
    pos = np.arange(start_pos, start_pos + T)
    q, k = _rope(q, pos), _rope(k, pos)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T].transpose(0, 2, 3, 1)
    vals = cache_v[:, :start_pos + T].transpose(0, 2, 1, 3)
    s = q.transpose(0, 2, 1, 3) @ keys / np.sqrt(hd).astype(x.dtype)
    L = start_pos + T
    allowed = np.arange(L)[None, :] <= np.arange(start_pos, L)[:, None]
    s = np.where(allowed, s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(-1, keepdims=True)
    o = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return o @ w_o, cache_k, cache_v
