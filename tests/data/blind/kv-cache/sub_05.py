import numpy as np


def rope(t, positions):
    dh = t.shape[-1]
    inv_freq = 10000.0 ** (-np.arange(0, dh, 2) / dh)
    angles = positions[:, None] * inv_freq[None, :]
    rot = np.exp(1j * angles)[None, :, None, :]
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
    q = rope(q, pos)
    k = rope(k, pos)
    cache_k = cache_k.copy()
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = v
    keys = cache_k[:, :start_pos + T]
    values = cache_v[:, :start_pos + T]
    scores = np.einsum("bqhd,bkhd->bhqk", q, keys) / np.sqrt(dh)
    visible = np.arange(start_pos + T)[None, :] <= pos[:, None]
    scores = np.where(visible, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    p = np.exp(scores)
    p = p / p.sum(axis=-1, keepdims=True)
    out = np.einsum("bhqk,bkhd->bqhd", p, values).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
