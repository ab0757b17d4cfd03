import numpy as np


def rope_pairs(t, positions):
    # t (B, T, H, dh): rotate the pairs (2i, 2i+1) by pos * 10000^(-2i/dh)
    dh = t.shape[-1]
    out = np.empty_like(t)
    for i in range(dh // 2):
        theta = 10000.0 ** (-2.0 * i / dh)
        ang = positions * theta
        c = np.cos(ang)[None, :, None]
        s = np.sin(ang)[None, :, None]
        a, b = t[..., 2 * i], t[..., 2 * i + 1]
        out[..., 2 * i] = a * c - b * s
        out[..., 2 * i + 1] = a * s + b * c
    return out


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    positions = np.arange(T)
    q = rope_pairs((x @ w_q).reshape(B, T, n_heads, dh), positions)
    k = rope_pairs((x @ w_k).reshape(B, T, n_heads, dh), positions)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    cache_k = cache_k
    cache_v = cache_v.copy()
    cache_k[:, start_pos:start_pos + T] = k
    cache_v[:, start_pos:start_pos + T] = k
    heads_out = np.zeros((B, T, n_heads, dh), dtype=x.dtype)
    for b in range(B):
        for h in range(n_heads):
            for i in range(T):
                keys = cache_k[b, : start_pos + i + 1, h]
                vals = cache_v[b, : start_pos + i + 1, h]
                s = keys @ q[b, i, h] / np.sqrt(dh)
                p = np.exp(s - s.max())
                heads_out[b, i, h] = (p / p.sum()) @ vals
    out = heads_out.reshape(B, T, d) @ w_o
    return out, cache_k, cache_v
