import numpy as np


def decode_step(x, cache_k, cache_v, start_pos, w_q, w_k, w_v, w_o, n_heads):
    b, t, d = x.shape
    h = n_heads
    e = d // h
    p = start_pos
    n = p + t
    pos = np.arange(p, n)[:, None] * 10000.0 ** (-np.arange(0, e, 2) / d)
    c = np.cos(pos)[None, :, None, :].astype(x.dtype)
    s = np.sin(pos)[None, :, None, :].astype(x.dtype)

    def rot(a):
        r = np.empty_like(a)
        r[..., 0::2] = a[..., 0::2] * c - a[..., 1::2] * s
        r[..., 1::2] = a[..., 1::2] * c + a[..., 0::2] * s
        return r

    q = rot((x @ w_q).reshape(b, t, h, e))
    K = cache_k.copy()
    V = cache_v.copy()
    K[:, p:n] = rot((x @ w_k).reshape(b, t, h, e))
    V[:, p:n] = (x @ w_v).reshape(b, t, h, e)
    out = np.empty((b, t, h, e), dtype=x.dtype)
    for i in range(t):
        m = p + t
        a = np.einsum("bhe,bkhe->bhk", q[:, i], K[:, :m]) / e ** 0.5
        a = np.exp(a - a.max(-1, keepdims=True))
        a /= a.sum(-1, keepdims=True)
        out[:, i] = np.einsum("bhk,bkhe->bhe", a, V[:, :m])
    return out.reshape(b, t, d) @ w_o, K, V
