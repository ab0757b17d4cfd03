import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    B, T, d = x.shape
    dh = d // n_heads
    half = dh // 2
    q = (x @ w_q).reshape(B, T, n_heads, dh)
    k = (x @ w_k).reshape(B, T, n_heads, dh)
    v = (x @ w_v).reshape(B, T, n_heads, dh)
    # RoPE tables for the absolute positions of the new tokens, pairs 1..dh/2
    cos_t = np.empty((T, half), dtype=np.float64)
    sin_t = np.empty((T, half), dtype=np.float64)
    for t in range(T):
        for i in range(half):
            ang = t * 10000.0 ** (-2.0 * i / dh)
            cos_t[t, i] = np.cos(ang)
            sin_t[t, i] = np.sin(ang)
    c = cos_t.astype(x.dtype)[None, :, None, :]
    s = sin_t.astype(x.dtype)[None, :, None, :]
    qr = np.empty_like(q)
    kr = np.empty_like(k)
    qr[..., 0::2] = q[..., 0::2] * c - q[..., 1::2] * s
    qr[..., 1::2] = q[..., 0::2] * s + q[..., 1::2] * c
    kr[..., 0::2] = k[..., 0::2] * c - k[..., 1::2] * s
    kr[..., 1::2] = k[..., 0::2] * s + k[..., 1::2] * c
    ck = cache_k
    cv = cache_v.copy()
    ck[:, start_pos:start_pos + T] = kr
    cv[:, start_pos:start_pos + T] = v
    n_keys = start_pos + T
    out = np.zeros((B, T, d), dtype=x.dtype)               # preallocated merged heads
    scale = 1.0 / dh ** 0.5
    for b in range(B):                                     # batch 1..B
        for h in range(n_heads):                           # head 1..n_heads
            for t in range(T):                             # new query 1..T, at position start_pos + t
                sc = (ck[b, :n_keys, h] @ qr[b, t, h]) * scale
                sc[t + 1:] = -np.inf           # keys after the query's own position
                sc = np.exp(sc - sc.max())
                sc /= sc.sum()
                out[b, t, h * dh:(h + 1) * dh] = sc @ cv[b, :n_keys, h]
    return out @ w_o, ck, cv
