import numpy as np


def _rope(t, pos):
    dh = t.shape[-1]
    inv = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    ang = pos[:, None] * inv[None, :]
    rot = np.exp(1j * ang)[None, :, None, :]
    z = (t[..., 0::2] + 1j * t[..., 1::2]) * rot
    out = np.empty_like(t)
    out[..., 0::2] = z.real
    out[..., 1::2] = z.imag
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    pos = np.arange(start_pos, start_pos + T)
    q, k = _rope(q, pos), _rope(k, pos)
    ck, cv = cache_k.copy(), cache_v.copy()
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    L = start_pos + T
    keys = ck[:, :L].transpose(0, 2, 3, 1)
    vals = cv[:, :L].transpose(0, 2, 1, 3)
    s = q.transpose(0, 2, 1, 3) @ keys / np.sqrt(dh)
    visible = np.arange(L)[None, :] <= pos[:, None]
    s = np.where(visible, s, -np.inf)
    s = s - s.max(-1, keepdims=True)
    p = np.exp(s)
    p /= p.sum(-1, keepdims=True)
    o = (p @ vals).transpose(0, 2, 1, 3).reshape(B, T, d)
    return (o @ w_o).astype(x.dtype), ck, cv
