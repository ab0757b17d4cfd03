import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    _, Hkv, Tk, _ = k.shape
    g = Hq // Hkv
    qg = q.reshape(B, Hkv, g, Tq, d)
    s = np.einsum("bhgqd,bhkd->bhgqk", qg, k) / np.sqrt(d)
    if causal:
        s = np.where(np.tri(Tq, Tk, Tk - Tq, dtype=bool), s, -np.inf)
    mx = s.max(-1, keepdims=True)
    e = np.exp(s - np.where(np.isfinite(mx), mx, 0))
    z = e.sum(-1, keepdims=True)
    p = e / z
    return np.einsum("bhgqk,bhkd->bhgqd", p, v).reshape(B, Hq, Tq, d)
