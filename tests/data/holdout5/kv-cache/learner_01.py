import numpy as np


def apply_rope(t, positions):
    half = t.shape[-1] // 2
    freqs = 1.0 / 10000 ** (np.arange(half) * 2 / t.shape[-1])
    angles = positions[:, None] * freqs[None, :]
    c = np.cos(angles)[None, :, None, :]
    s = np.sin(angles)[None, :, None, :]
    lo, hi = t[..., :half], t[..., half:]
    rot_lo = lo * c - hi * s
    rot_hi = lo * s + hi * c
    out = np.empty_like(t)
    out[..., 0::2] = rot_lo
    out[..., 1::2] = rot_hi
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    hd = d // n_heads
    positions = np.arange(start_pos, start_pos + T)
    q = apply_rope((x @ w_q).reshape(B, T, n_heads, hd), positions)
    k = apply_rope((x @ w_k).reshape(B, T, n_heads, hd), positions)
    v = (x @ w_v).reshape(B, T, n_heads, hd)
    ck = np.array(cache_k, copy=True)
    cv = np.array(cache_v, copy=True)
    ck[:, start_pos:start_pos + T] = k
    cv[:, start_pos:start_pos + T] = v
    n_ctx = start_pos + T
    scores = np.einsum("bthd,bshd->bhts", q, ck[:, :n_ctx]) / np.sqrt(hd)
    future = np.arange(n_ctx)[None, :] > positions[:, None]
    scores[..., future] = -np.inf
    scores -= scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w /= w.sum(axis=-1, keepdims=True)
    ctx = np.einsum("bhts,bshd->bthd", w, cv[:, :n_ctx]).reshape(B, T, d)
    return (ctx @ w_o).astype(x.dtype), ck, cv
