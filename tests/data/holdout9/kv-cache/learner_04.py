import math

import numpy as np


def rope(t, positions, base=10000.0):
    # t: (B, T, H, dh); rotate interleaved pairs (2i, 2i+1)
    dh = t.shape[-1]
    inv_freq = base ** (-np.arange(0, dh, 2) / dh)
    ang = positions[:, None] * inv_freq[None, :]          # (T, dh/2)
    cos = np.cos(ang)[None, :, None, :]
    sin = np.sin(ang)[None, :, None, :]
    even, odd = t[..., 0::2], t[..., 1::2]
    out = np.empty_like(t)
    out[..., 0::2] = even * cos - odd * sin
    out[..., 1::2] = even * sin + odd * cos
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T)
    q, k = rope(q, pos), rope(k, pos)
    ck, cv = cache_k.copy(), cache_v.copy()
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = ck[:, :L].transpose(0, 2, 3, 1)        # (B, H, dh, L)
    vals = cv[:, :L].transpose(0, 2, 1, 3)        # (B, H, L, dh)
    s = q.transpose(0, 2, 1, 3) @ keys / math.sqrt(dh)
    visible = np.arange(L)[None, :] <= start_pos + np.arange(T)[:, None]
    s = np.where(visible, s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(-1, keepdims=True)
    out = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d) @ w_o
    return out.astype(x.dtype), ck, cv
