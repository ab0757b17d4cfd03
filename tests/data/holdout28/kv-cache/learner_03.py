import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    (B, T, d), dh = x.shape, x.shape[-1] // n_heads
    split = lambda w: (x @ w).reshape(B, T, n_heads, dh)
    half = np.arange(dh // 2)
    ang = np.arange(start_pos, end := start_pos + T)[:, None] * 10000.0 ** (-2.0 * half / d)
    cos, sin = np.cos(ang)[None, :, None, :], np.sin(ang)[None, :, None, :]

    def rope(t):
        out = np.empty_like(t)
        out[..., 0::2] = (ev := t[..., 0::2]) * cos - (od := t[..., 1::2]) * sin
        out[..., 1::2] = ev * sin + od * cos
        return out

    q, k, v = rope(split(w_q)), rope(split(w_k)), split(w_v)
    (new_k := cache_k.copy())[:, start_pos:end] = k
    (new_v := cache_v.copy())[:, start_pos:end] = v
    s = np.einsum("bqhd,bkhd->bhqk", q, new_k[:, :end]) / np.sqrt(dh).astype(x.dtype)
    s = np.where(np.tril(np.ones((T, end), bool), k=start_pos + 1), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    out = np.einsum("bhqk,bkhd->bqhd", p, new_v[:, :end]).reshape(B, T, d) @ w_o
    return out, new_k, new_v
