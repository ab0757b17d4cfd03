import math

import numpy as np


def _rope(t, pos):
    dh = t.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = pos[:, None] * inv[None, :]
    c = np.cos(ang)[None, :, None, :]
    s = np.sin(ang)[None, :, None, :]
    a, b = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = a * c - b * s
    out[..., 1::2] = a * s + b * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, hd)
    k = (x @ w_k).reshape(B, T, n_heads, hd)
    v = (x @ w_v).reshape(B, T, n_heads, hd)
    pos = np.arange(T)
    q, k = _rope(q, pos), _rope(k, pos)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    end = start_pos + T
    cache_k[:, start_pos:end] = k
    cache_v[:, start_pos:end] = v
    keys = cache_k[:, :end]
    vals = cache_v[:, :end]
    att = np.einsum("bthe,bshe->bhts", q, keys) / math.sqrt(hd)
    allowed = np.arange(end)[None, :] <= (start_pos + np.arange(T))[:, None]
    att = np.where(allowed, att, -np.inf)
    att = att - att.max(-1, keepdims=True)
    w = np.exp(att)
    w = w / w.sum(-1, keepdims=True)
    ctx = np.einsum("bhts,bshe->bthe", w, vals).reshape(B, T, d)
    return ctx @ w_o, cache_k, cache_v
