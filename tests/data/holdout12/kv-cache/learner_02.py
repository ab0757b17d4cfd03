import numpy as np


def apply_rope(t, start):
    T, dh = t.shape[1], t.shape[-1]
    theta = 10000.0 ** (-2.0 * np.arange(dh // 2) / dh)
    ang = np.outer(np.arange(start, start + T), theta)
    c, s = np.cos(ang)[:, None, :], np.sin(ang)[:, None, :]
    a, b = t[..., ::2], t[..., 1::2]
    return np.stack([a * c - b * s, a * s + b * c], axis=-1).reshape(t.shape)


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    q = apply_rope((x @ w_q).reshape(B, T, n_heads, hd), start_pos)
    k = apply_rope((x @ w_k).reshape(B, T, n_heads, hd), start_pos)
    v = apply_rope((x @ w_v).reshape(B, T, n_heads, hd), start_pos)
    new_k = cache_k.copy()
    new_v = cache_v.copy()
    new_k[:, start_pos:start_pos + T] = k
    new_v[:, start_pos:start_pos + T] = v
    n = start_pos + T
    att = np.einsum("bqhd,bkhd->bhqk", q, new_k[:, :n]) / np.sqrt(hd)
    qpos = np.arange(start_pos, n)
    att[..., np.arange(n)[None, :] > qpos[:, None]] = -np.inf
    att = np.exp(att - att.max(axis=-1, keepdims=True))
    att /= att.sum(axis=-1, keepdims=True)
    out = np.einsum("bhqk,bkhd->bqhd", att, new_v[:, :n]).reshape(B, T, d)
    return (out @ w_o).astype(x.dtype), cache_k, cache_v
