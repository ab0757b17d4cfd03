import numpy as np


def grouped_query_attention(q, k, v, causal=False):
    B, Hq, Tq, d = q.shape
    Hkv, Tk = k.shape[1], k.shape[2]
    g = Hq // Hkv
    k = np.repeat(k, g, axis=1)
    v = np.repeat(v, g, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(d)
    if causal:
        vis = np.tril(np.ones((Tq, Tk), dtype=bool), k=Tk - Tq)
        s = np.where(vis, s, -np.inf)
    m = s.max(axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    e = np.exp(s - m)
    z = e.sum(axis=-1, keepdims=True)
    out = (e / np.where(z == 0, 1.0, z)) @ v
    return out.astype(q.dtype)
