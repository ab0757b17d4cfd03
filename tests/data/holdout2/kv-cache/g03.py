import numpy as np


def _rope_inplace(t, start):
    T, dh = t.shape[1], t.shape[-1]
    freqs = 10000.0 ** (-np.arange(dh // 2) * 2.0 / dh)
    ang = np.arange(start, start + T)[:, None] * freqs
    cos, sin = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
    a = t[..., 0::2].copy()
    b = t[..., 1::2].copy()
    t[..., 0::2] = a * cos - b * sin
    t[..., 1::2] = a * sin + b * cos
    return t


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    q = _rope_inplace((x @ w_q).reshape(B, T, n_heads, dh), start_pos)
    k = _rope_inplace((x @ w_k).reshape(B, T, n_heads, dh), start_pos)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    new_k = cache_k.copy()
    new_v = cache_v.copy()
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    end = start_pos + T
    keys = np.moveaxis(new_k[:, :end], 1, 2)
    vals = np.moveaxis(new_v[:, :end], 1, 2)
    qh = np.moveaxis(q, 1, 2)
    att = np.einsum("bhtd,bhsd->bhts", qh, keys) / np.sqrt(dh)
    qpos = np.arange(start_pos, end)[:, None]
    kpos = np.arange(end)[None, :]
    att = np.where(kpos <= qpos, att, -np.inf)
    att = np.exp(att - att.max(axis=-1, keepdims=True))
    att = att / att.sum(axis=-1, keepdims=True)
    out = np.einsum("bhts,bhsd->bthd", att, vals).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
